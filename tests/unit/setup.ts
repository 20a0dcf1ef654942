import { configure } from '@testing-library/react';

/**
 * How long `findBy*` and `waitFor` wait for the page to settle. Testing Library's 1 s default is
 * missed on a busy CI machine (two cores shared by parallel test runs) by pages that render fine:
 * the wait only ends early when the text shows up, so a longer one slows no passing test.
 */
configure({ asyncUtilTimeout: 5000 });
