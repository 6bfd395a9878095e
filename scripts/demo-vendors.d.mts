/** The settings that point the vendors at the mounted simulator in demo mode (demo-vendors.mjs). */
export function demoVendorEnv(env: Record<string, string | undefined>): Record<string, string>;
