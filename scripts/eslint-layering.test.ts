/**
 * The server's layering, as eslint.config.js states it, refuses each forbidden import direction and lets
 * an allowed one through (docs/architecture.md, decision D18). Lints source text placed at a path inside
 * the real tree, with the real configuration, so a zone dropped or mistyped in the config fails here.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
const SRC = 'apps/server/src';

/** The boundary messages ESLint reports for `code` placed at `file` (a path under apps/server/src). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, SRC, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'architecture/restricted-paths')
    .map((m) => m.message);
}

const FORBIDDEN = [
  {
    direction: 'domain → http',
    file: 'domain/kyc/layering-probe.ts',
    code: "import { ok } from '../../http/envelope.ts';\nexport const probe = ok;\n",
    message: 'Use-cases never import the HTTP layer',
  },
  {
    direction: 'domain → routes',
    file: 'domain/kyc/layering-probe.ts',
    code: "import { healthRoutes } from '../../routes/health-routes.ts';\nexport const probe = healthRoutes;\n",
    message: 'Use-cases never import routes',
  },
  {
    direction: 'routes → data',
    file: 'routes/kyc/layering-probe.ts',
    code: "import { openDatabase } from '../../data/db.ts';\nexport const probe = openDatabase;\n",
    message: 'Routes reach data through use-cases',
  },
  {
    direction: 'lib → domain',
    file: 'lib/layering-probe.ts',
    code: "import { maskEmail } from '../domain/accounts/mask.ts';\nexport const probe = maskEmail;\n",
    message: 'lib/ is shared code below the domain',
  },
  {
    direction: 'lib → data',
    file: 'lib/layering-probe.ts',
    code: "import { openDatabase } from '../data/db.ts';\nexport const probe = openDatabase;\n",
    message: 'lib/ is shared code below the domain',
  },
  {
    direction: 'providers → domain',
    file: 'providers/sumsub/layering-probe.ts',
    code: "import { maskEmail } from '../../domain/accounts/mask.ts';\nexport const probe = maskEmail;\n",
    message: 'Vendor adapters (providers/) speak',
  },
  {
    direction: 'providers → data',
    file: 'providers/layering-probe.ts',
    code: "import { openDatabase } from '../data/db.ts';\nexport const probe = openDatabase;\n",
    message: 'Vendor adapters (providers/) speak',
  },
  {
    direction: 'data → domain',
    file: 'data/repositories/layering-probe.ts',
    code: "import { maskEmail } from '../../domain/accounts/mask.ts';\nexport const probe = maskEmail;\n",
    message: 'Repositories sit below use-cases and routes',
  },
  {
    direction: 'http → routes',
    file: 'http/layering-probe.ts',
    code: "import { healthRoutes } from '../routes/health-routes.ts';\nexport const probe = healthRoutes;\n",
    message: 'The HTTP layer (hooks, envelope, errors) sits below the routes',
  },
];

// Loading the configuration (typescript-eslint) takes seconds on a busy machine.
describe('server layering (eslint.config.js)', { timeout: 60_000 }, () => {
  it.each(FORBIDDEN)('when a module imports $direction, then lint refuses it', async (c) => {
    const errors = await boundaryErrors(c.file, c.code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(c.message);
  });

  it('when a route imports a use-case and a use-case imports lib, then lint allows both', async () => {
    const route =
      "import { maskEmail } from '../../domain/accounts/mask.ts';\nexport const probe = maskEmail;\n";
    expect(await boundaryErrors('routes/kyc/layering-probe.ts', route)).toEqual([]);
    const useCase = "import { sha256Hex } from '../../lib/tokens.ts';\nexport const probe = sha256Hex;\n";
    expect(await boundaryErrors('domain/kyc/layering-probe.ts', useCase)).toEqual([]);
  });
});
