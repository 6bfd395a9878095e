import { createAppStore } from '../lib/store/create-store';

/** The page's single store (spec §3 slices router, common, auth, global). */
export const store = createAppStore();
