import { complianceConfigSource, type ComplianceConfigSource } from './compliance-config-source';
import type { AppStore } from './create-store';
import { setComplianceConfig } from './global-slice';

/**
 * spec §4 "Once a user id exists, subscribe to compliance configuration, dispatch updates to global
 * state and set the account's sub_attribute": waits for global.user.id, then mirrors the source into
 * global.complianceConfig and hands it the user's sub_attribute whenever that changes. Returns the
 * function that disconnects everything.
 */
export function connectComplianceConfig(
  store: AppStore,
  source: ComplianceConfigSource = complianceConfigSource(),
): () => void {
  let unsubscribeSource: (() => void) | null = null;
  let subAttribute: string | undefined;

  const sync = () => {
    const { user } = store.getState().global;
    if (user.id === undefined || user.id === '') return;
    if (!unsubscribeSource) {
      unsubscribeSource = source.subscribe((config) => store.dispatch(setComplianceConfig(config)));
      store.dispatch(setComplianceConfig(source.get()));
    }
    if (typeof user.sub_attribute === 'string' && user.sub_attribute !== subAttribute) {
      subAttribute = user.sub_attribute;
      source.setSubAttribute(subAttribute);
    }
  };

  const unsubscribeStore = store.subscribe(sync);
  sync();
  return () => {
    unsubscribeStore();
    unsubscribeSource?.();
    unsubscribeSource = null;
  };
}
