// Settings from .env (see .env.example), when the file exists. Import this first: ES modules
// evaluate in import order, and other modules read the environment when they load.
try {
  process.loadEnvFile(new URL("../../.env", import.meta.url))
} catch {
  /* no .env file */
}
