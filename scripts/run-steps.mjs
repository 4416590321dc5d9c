#!/usr/bin/env node
/**
 * Runs npm scripts in stages: the scripts of a stage (joined by `+`) run side by side, stages one after another.
 * The first script of a stage prints as it goes; the others' output is held back and printed whole once each has
 * ended and the first has too, so logs never interleave. The first failing stage stops the run and names the
 * failed script last.
 *
 *   node scripts/run-steps.mjs typecheck+lint+build test:unit+'bench:web -- --no-build'
 */
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * `script` is an npm script's name, optionally with its arguments ("bench:web -- --no-build"). A buffered run
 * resolves with its output and summary line for the caller to print; a live one prints both itself.
 */
function run(script, buffered) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', ...script.split(' ')], {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const chunks = [];
    child.stdout?.on('data', (c) => chunks.push(c));
    child.stderr?.on('data', (c) => chunks.push(c));
    child.on('close', (code, signal) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      const line = `--- ${script}: ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${secs} s\n`;
      const output = Buffer.concat([...chunks, Buffer.from(line)]);
      if (!buffered) process.stdout.write(line);
      resolve({ ok: code === 0, output: buffered ? output : undefined });
    });
  });
}

for (const stage of process.argv.slice(2)) {
  const scripts = stage.split('+');
  const [first, ...rest] = scripts;
  if (rest.length)
    console.log(`--- ${scripts.join(', ')} side by side; ${first}'s output first, then ${rest.join(', ')}`);
  const live = run(first, false);
  // Each held-back output is printed once its script and the live one have both ended, in the order they end.
  const results = await Promise.all([
    live,
    ...rest.map((s) =>
      run(s, true).then(async (r) => {
        await live;
        process.stdout.write(r.output);
        return r;
      }),
    ),
  ]);
  const failed = scripts.filter((_, i) => !results[i].ok);
  if (failed.length) {
    console.error(`npm test stopped: ${failed.join(', ')} failed`);
    process.exit(1);
  }
}
