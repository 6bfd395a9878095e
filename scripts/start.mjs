// `npm start`: build whatever front end is missing or stale, then run the server in this process
// (migrations at start-up, demo data unless production mode). Ctrl-C shuts down gracefully.
import { register } from 'tsx/esm/api';
import { buildFrontEnds } from './build.mjs';

if (process.env.NODE_ENV !== 'production' && process.env.DEMO_DATA === undefined)
  process.env.DEMO_DATA = 'true';

try {
  buildFrontEnds();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
register();
await import('../apps/server/src/server.ts');
