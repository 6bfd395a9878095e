// `npm run setup` (`-- --ci` for a clean install from the lock file): npm install, with node-gyp pointed at
// the headers installed with this Node (<prefix>/include/node: Debian's nodejs package, the official
// tarballs, nvm) when they are of this exact version, so better-sqlite3 compiles offline. Without them
// node-gyp downloads the headers once, as usual. The pointer is node-gyp's own setting
// `npm_package_config_node_gyp_nodedir` (an environment variable npm passes on to install scripts); the
// old `nodedir` line in .npmrc was not an npm setting, and npm 11 warns about those (D35). No dependency:
// this runs before node_modules exists.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folder holding include/node for the running Node, or undefined when its headers are absent or differ. */
export function localNodeHeaders(execPath = process.execPath, version = process.version) {
  const prefix = path.resolve(path.dirname(execPath), '..');
  const file = path.join(prefix, 'include/node/node_version.h');
  if (!existsSync(file)) return undefined;
  const header = readFileSync(file, 'utf8');
  const part = (name) => header.match(new RegExp(`#define NODE_${name}_VERSION (\\d+)`))?.[1];
  return `v${part('MAJOR')}.${part('MINOR')}.${part('PATCH')}` === version ? prefix : undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const env = { ...process.env };
  const headers = localNodeHeaders();
  if (!env.npm_package_config_node_gyp_nodedir && headers) env.npm_package_config_node_gyp_nodedir = headers;
  console.log(
    headers
      ? `setup: native modules compile against the Node headers in ${headers}/include/node`
      : 'setup: no local Node headers of this version; node-gyp downloads them if a module needs compiling',
  );
  const command = process.argv.includes('--ci') ? 'ci' : 'install';
  const execPath = process.env.npm_execpath;
  const result = execPath
    ? spawnSync(process.execPath, [execPath, command], { cwd: root, env, stdio: 'inherit' })
    : spawnSync('npm', [command], { cwd: root, env, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
