// The error a call throws, for the tests that read what the kernels put on it (.input: the field the message is
// about, as the widgets place it). A call that throws nothing fails the test here, with a message that says so.
import { expect } from 'vitest';

/** call() → the Error it threw; fails when it throws nothing or something that is not an Error. */
export function thrown(call) {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    return error;
  }
  return expect.fail('the call threw no error');
}
