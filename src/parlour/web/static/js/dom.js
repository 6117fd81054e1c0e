// Building the page safely: every text goes in as a text node, never as HTML.

const SVG_NS = "http://www.w3.org/2000/svg";

/** An element: h("div", {class: "x", onclick: f}, "text", child, [more children]). */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttributes(node, attrs);
  append(node, children);
  return node;
}

/** An SVG element, like h(). */
export function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttributes(node, attrs);
  append(node, children);
  return node;
}

function setAttributes(node, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else if (key === "style" && typeof value === "object") {
      Object.assign(node.style, value);
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace a node's children. */
export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/** Text with the red suit symbols coloured (and the black ones marked), as nodes. */
export function suitText(text) {
  const parts = [];
  let plain = "";
  for (const ch of String(text)) {
    if ("♥♦♣♠".includes(ch)) {
      if (plain) parts.push(plain);
      plain = "";
      parts.push(h("span", {class: `suit suit-${"♣♦♥♠".indexOf(ch)}`}, ch));
    } else {
      plain += ch;
    }
  }
  if (plain) parts.push(plain);
  return parts;
}
