// The settings of test, bench and soak runs are read once, in the server's test harness; the
// benches and the simulator's tests take them from here.
export { testSettings } from '../apps/server/harness/test-settings.ts';
