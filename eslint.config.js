import js from "@eslint/js"
import globals from "globals"
import reactHooks from "eslint-plugin-react-hooks"
import importX from "eslint-plugin-import-x"
import tseslint from "typescript-eslint"

const features = [
  "auth",
  "products",
  "comments",
  "votes",
  "notifications",
  "profiles",
  "admin",
  "flags",
  "push",
  "sync",
]

export default tseslint.config(
  { ignores: ["dist", "node_modules", "pb_data", "test-results", "playwright-report", "dev-dist"] },
  {
    files: ["**/*.{ts,tsx}"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, "import-x": importX },
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
        RelationField: "readonly",
        DynamicModel: "readonly",
        arrayOf: "readonly",
        toBytes: "readonly",
        toString: "readonly",
        BadRequestError: "readonly",
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
