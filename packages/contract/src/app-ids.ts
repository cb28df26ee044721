// What an app is named by, shared by the session schema (auth.ts) and the plain checks (checks.ts)
// without either importing the other.

export const appModes = ['development', 'live'] as const;

/** App ids: 1 to 64 letters, digits, - and _. */
export const appIdRules = { maxLength: 64, pattern: /^[A-Za-z0-9_-]+$/ } as const;
