// `npm run keys:rotate`: see apps/server/src/cli/keys-rotate.ts.
import { register } from 'tsx/esm/api';

register();
// A computed specifier: the server is type-checked in its own strict program (tsconfig.node.json), not
// again, loosely, as part of these scripts.
const { keysRotate } = await import(new URL('../apps/server/src/cli/keys-rotate.ts', import.meta.url).href);
try {
  process.exitCode = await keysRotate(process.env, (line) => console.log(line));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
