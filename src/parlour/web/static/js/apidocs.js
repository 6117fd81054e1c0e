// The /docs page: Swagger UI (served by this server, no CDN) over /openapi.json.
window.SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#api-docs",
  deepLinking: true,
  presets: [window.SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
});
