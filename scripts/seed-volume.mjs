// `npm run seed:volume -- --people N`: see apps/server/src/cli/seed-volume.ts.
import { register } from 'tsx/esm/api';

register();
const args = process.argv.slice(2);
const people = args.includes('--people') ? Number(args[args.indexOf('--people') + 1]) : 100_000;
if (!Number.isInteger(people) || people < 1) {
  console.error('usage: npm run seed:volume -- --people N (a whole number)');
  process.exit(1);
}
// A computed specifier: the server is type-checked in its own strict program (tsconfig.node.json).
const { seedVolume } = await import(new URL('../apps/server/src/cli/seed-volume.ts', import.meta.url).href);
try {
  await seedVolume(process.env, people, (line) => console.log(line));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
