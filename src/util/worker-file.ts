import { fileURLToPath } from 'node:url';

/**
 * The worker-thread entry `stem` beside the module at `moduleUrl`: the compiled .js file when that
 * module runs from dist, the .ts source (loaded through tsx) when it runs from sources, as tests do.
 */
export function workerFile(moduleUrl: string, stem: string): { filename: string; fromSource: boolean } {
  const fromSource = moduleUrl.endsWith('.ts');
  const filename = fileURLToPath(new URL(`./${stem}.${fromSource ? 'ts' : 'js'}`, moduleUrl));
  return { filename, fromSource };
}
