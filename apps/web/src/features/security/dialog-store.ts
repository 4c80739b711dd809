import { createStore } from '../../lib/create-store';
import type { SecurityDialog } from './gates';

/** A request to open a dialog; `id` makes asking twice for the same dialog a new request. */
export interface DialogRequest {
  dialog: SecurityDialog;
  id: number;
}

export const dialogRequests = createStore<DialogRequest | null>(null);

let nextId = 1;

/**
 * Asks for an account-security dialog from anywhere (header tasks, personal center). The host in
 * the header applies the gates of spec section 5 first.
 */
export function openSecurityDialog(dialog: SecurityDialog): void {
  dialogRequests.set({ dialog, id: nextId++ });
}
