/**
 * Test-only hooks of the fault scenarios, loaded into the server under test with `node --import` (harness.ts,
 * startServer's `faultHooks`), never part of the server itself. Production code only publishes on
 * `node:diagnostics_channel` observation points; a hook here subscribes to one when the scenario's environment
 * asks for it:
 *
 * - FAULTS_KILL_BEFORE_CAPTURE_COMMIT=1: SIGKILL at `ub.money.capture.beforeCommit`, published with
 *   `{ attemptId }` right before a capture's transaction commits (modules/money/intake.ts; kill-capture.ts).
 */
import diagnosticsChannel from 'node:diagnostics_channel';

if (process.env.FAULTS_KILL_BEFORE_CAPTURE_COMMIT === '1') {
  diagnosticsChannel.subscribe('ub.money.capture.beforeCommit', () => process.kill(process.pid, 'SIGKILL'));
}
