// Talking to the server, and telling the person when something went wrong.
import {h} from "./dom.js";

/** A readable message from a failed response. */
async function failure(response) {
  let detail = `${response.status} ${response.statusText}`;
  try {
    const body = await response.json();
    if (body && body.detail) detail = typeof body.detail === "string" ? body.detail : JSON.stringify(body.detail);
  } catch (_) { /* not JSON */ }
  return new Error(detail);
}

export async function getJSON(url) {
  const response = await fetch(url, {headers: {Accept: "application/json"}});
  if (!response.ok) throw await failure(response);
  return response.json();
}

export async function postJSON(url, body) {
  const response = await fetch(url, {
    method: "POST",
    headers: {"Content-Type": "application/json", Accept: "application/json"},
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await failure(response);
  return response.json();
}

export async function postBytes(url, bytes) {
  const response = await fetch(url, {
    method: "POST",
    headers: {"Content-Type": "application/octet-stream", Accept: "application/json"},
    body: bytes,
  });
  if (!response.ok) throw await failure(response);
  return response.json();
}

/** A short message in the corner: kind is "error", "info" or "ok". */
export function toast(message, kind = "error", seconds = 6) {
  const box = document.getElementById("toasts");
  const item = h("div", {class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status"},
    h("span", {}, message),
    h("button", {class: "toast-close", "aria-label": "dismiss", onclick: () => item.remove()}, "×"));
  box.append(item);
  setTimeout(() => item.remove(), seconds * 1000);
  return item;
}
