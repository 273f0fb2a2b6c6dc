import { readdirSync } from "node:fs"
import js from "@eslint/js"
import globals from "globals"
import reactHooks from "eslint-plugin-react-hooks"
import importX from "eslint-plugin-import-x"
import tseslint from "typescript-eslint"
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript"

// every slice under src/features, as it is on disk (a new slice is covered without editing this)
const features = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)

export default tseslint.config(
  { ignores: ["dist", "node_modules", "pb_data", "test-results", "playwright-report", "dev-dist"] },
  {
    files: ["**/*.{ts,tsx}"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    // resolves "@/..." and extension-less imports the way TypeScript does: without it the
    // architecture rules below never matched a single import
    settings: {
      // no-cycle parses the imported modules itself: it needs to know how to read TypeScript
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Slices don't import each other; shared code flows lib/components -> features -> app.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...features.map((f) => ({
              target: `./src/features/${f}`,
              from: "./src/features",
              except: [`./${f}`],
            })),
            { target: "./src/features", from: "./src/app" },
            { target: ["./src/lib", "./src/components", "./src/config"], from: ["./src/features", "./src/app"] },
          ],
        },
      ],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "pocketbase", message: "Import the client from @/lib/pocketbase." },
            { name: "dexie", message: "Import the database from @/lib/db." },
          ],
        },
      ],
    },
  },
  {
    files: ["src/lib/pocketbase.ts", "src/lib/db.ts", "tests/**", "e2e/**", "scripts/**"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.node } },
  },
  {
    files: ["pb_hooks/**/*.js", "pb_migrations/**/*.js"],
    rules: { "no-unused-vars": ["error", { caughtErrors: "none" }] },
    languageOptions: {
      sourceType: "script",
      globals: {
        ...globals.commonjs,
        $app: "readonly",
        $os: "readonly",
        $dbx: "readonly",
        $security: "readonly",
        $apis: "readonly",
        $http: "readonly",
        $mails: "readonly",
        $template: "readonly",
        __hooks: "readonly",
        migrate: "readonly",
        routerAdd: "readonly",
        routerUse: "readonly",
        onBootstrap: "readonly",
        onRecordCreate: "readonly",
        onRecordUpdate: "readonly",
        onRecordDelete: "readonly",
        onRecordCreateRequest: "readonly",
        onRecordUpdateRequest: "readonly",
        onRecordDeleteRequest: "readonly",
        onRecordAfterCreateSuccess: "readonly",
        onRecordAfterUpdateSuccess: "readonly",
        onRecordAfterDeleteSuccess: "readonly",
        onRecordEnrich: "readonly",
        onRecordAuthRequest: "readonly",
        onRecordAuthWithPasswordRequest: "readonly",
        onRecordRequestPasswordResetRequest: "readonly",
        onRecordRequestVerificationRequest: "readonly",
        onRecordConfirmPasswordResetRequest: "readonly",
        onRecordsListRequest: "readonly",
        onRecordViewRequest: "readonly",
        onFileDownloadRequest: "readonly",
        onMailerRecordPasswordResetSend: "readonly",
        onMailerRecordVerificationSend: "readonly",
        cronAdd: "readonly",
        Collection: "readonly",
        Record: "readonly",
        TextField: "readonly",
        FileField: "readonly",
        BoolField: "readonly",
        RelationField: "readonly",
        DynamicModel: "readonly",
        arrayOf: "readonly",
        toBytes: "readonly",
        toString: "readonly",
        BadRequestError: "readonly",
        TooManyRequestsError: "readonly",
        ForbiddenError: "readonly",
        NotFoundError: "readonly",
        UnauthorizedError: "readonly",
        ApiError: "readonly",
        ValidationError: "readonly",
        unmarshal: "readonly",
      },
    },
  },
)
