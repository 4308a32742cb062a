// A task for a worker pool that holds its thread until the test lets it go: state[0] counts the tasks
// started, and each waits (blocking its thread, as a long decode would) until state[1] is set.
export default function hold(state) {
  Atomics.add(state, 0, 1);
  Atomics.notify(state, 0);
  Atomics.wait(state, 1, 0);
  return Atomics.load(state, 0);
}
