import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import globals from "globals";

export default tseslint.config(
  { ignores: ["build", "data", "drizzle", ".react-router", "node_modules", "test-results", "bench/results"] },
  js.configs.recommended,
  { files: ["scripts/**/*.mjs"], languageOptions: { globals: globals.node } },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
      // `import { type A } from "m"` keeps `import "m"` in the bundle: a page would load m (and Zod) for a type.
      "@typescript-eslint/no-import-type-side-effects": "error",
    },
  },
  {
    // Dependencies run one way: routes and the root use components, never the other way round.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/routes/**", "app/root.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/routes/*", "~/root", "../routes/*", "../root", "./root"],
              message:
                "Routes import components, not the other way round: move the shared type or code here.",
            },
          ],
        },
      ],
    },
  },
);
