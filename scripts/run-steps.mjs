#!/usr/bin/env node
/**
 * Runs npm scripts in stages: the scripts of a stage (joined by `+`) run side by side, stages one after another.
 * Each parallel script's output is held back and printed whole when it ends, so logs never interleave; the first
 * failing stage stops the run and names the failed script last.
 *
 *   node scripts/run-steps.mjs typecheck+lint+build 'bench:web -- --no-build'+test:unit
 */
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** `script` is an npm script's name, optionally with its arguments ("bench:web -- --no-build"). */
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
      if (buffered) process.stdout.write(Buffer.concat(chunks));
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`--- ${script}: ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${secs} s`);
      resolve(code === 0);
    });
  });
}

for (const stage of process.argv.slice(2)) {
  const scripts = stage.split('+');
  if (scripts.length > 1) console.log(`--- ${scripts.join(', ')} side by side; each one's output follows when it ends`);
  const results = await Promise.all(scripts.map((s) => run(s, scripts.length > 1)));
  const failed = scripts.filter((_, i) => !results[i]);
  if (failed.length) {
    console.error(`npm test stopped: ${failed.join(', ')} failed`);
    process.exit(1);
  }
}
