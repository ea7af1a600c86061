/**
 * Turns the runner's cancellation (SIGINT, then SIGTERM) into an abort of the run, so that it
 * stops its work and still publishes what it has. Returns a function that removes the handlers.
 */
export function abortOnSignals(controller: AbortController, say: (text: string) => void) {
  const onSignal = (signal: NodeJS.Signals) => {
    say(`Received ${signal}: stopping and publishing what there is.`);
    controller.abort({ rivumi: "cancelled" });
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  return () => {
    process.removeListener("SIGINT", onSignal);
    process.removeListener("SIGTERM", onSignal);
  };
}
