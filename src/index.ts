import { catchStopSignals } from "./action/signals.js";

// First of all: a cancellation that comes while the rest of the action loads must stop the run
// and let it publish, not kill it.
const signals = catchStopSignals();
const { run } = await import("./main.js");
await run(process.env, undefined, signals);
// Whatever publishing gave up on at its deadline (a stalled request, a retry's wait) is not
// waited for: the results are out, and the step should end now.
process.exit();
