import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom does no layout, so the router's scroll restoration has nothing to scroll.
window.scrollTo = () => {};
