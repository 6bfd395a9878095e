// `npm start`: build whatever front end is missing or stale, then run the server in this process
// (migrations at start-up, demo data unless production mode). Ctrl-C shuts down gracefully.
import { register } from 'tsx/esm/api';
import { buildFrontEnds } from './build.mjs';

if (process.env.NODE_ENV !== 'production' && process.env.DEMO_DATA === undefined)
  process.env.DEMO_DATA = 'true';

// Demo mode: the vendors are the simulator mounted at /simulator (docs/providers.md), with the published
// demo credentials; any vendor setting given in the environment wins.
if (process.env.DEMO_DATA === 'true' && process.env.NODE_ENV !== 'production') {
  const { demoVendorEnv } = await import('./demo-vendors.mjs');
  for (const [name, value] of Object.entries(demoVendorEnv(process.env)))
    if (process.env[name] === undefined) process.env[name] = value;
}

try {
  buildFrontEnds();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
register();
// A computed specifier: the server is type-checked in its own strict program (tsconfig.node.json), not
// again, loosely, as part of these scripts.
await import(new URL('../apps/server/src/server.ts', import.meta.url).href);
