// `npm run audit:verify`: see apps/server/src/cli/audit-verify.ts.
import { register } from 'tsx/esm/api';

register();
const { auditVerify } = await import('../apps/server/src/cli/audit-verify.ts');
try {
  process.exitCode = await auditVerify(process.env, (line) => console.log(line));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
