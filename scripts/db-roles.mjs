// `npm run db:roles`: see apps/server/src/cli/db-roles.ts.
import { register } from 'tsx/esm/api';

register();
const { dbRoles } = await import('../apps/server/src/cli/db-roles.ts');
try {
  process.exitCode = await dbRoles(process.env, (line) => console.log(line));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
