// Starts Swagger UI on /api-docs (a file, not an inline script: the page's CSP allows none).
window.addEventListener('DOMContentLoaded', () => {
  const root = document.getElementById('swagger-ui');
  root.textContent = '';
  window.ui = window.SwaggerUIBundle({
    url: root.dataset.openapi,
    domNode: root,
    deepLinking: true,
    // No badge from validator.swagger.io: the page talks to this server only.
    validatorUrl: null,
    tryItOutEnabled: false,
    persistAuthorization: false,
    displayRequestDuration: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
  });
});
