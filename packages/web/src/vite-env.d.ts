/** Vite's additions to `import.meta` (`import.meta.env.PROD`) for the app's sources. */
/// <reference types="vite/client" />
