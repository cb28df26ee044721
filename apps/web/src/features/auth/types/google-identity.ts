/** The part of Google Identity Services (and the identity simulator's copy of it) the login uses. */
export interface CredentialResponse {
  credential?: string;
  select_by?: string;
  clientId?: string;
}

export type GsiButtonSize = 'large' | 'medium' | 'small';

export interface GsiButtonOptions {
  size?: GsiButtonSize;
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  type?: 'standard' | 'icon';
}

export interface GoogleAccountsId {
  initialize(config: { client_id: string; callback: (response: CredentialResponse) => void }): void;
  renderButton(parent: HTMLElement, options: GsiButtonOptions): void;
}

declare global {
  interface Window {
    google?: { accounts: { id: GoogleAccountsId } };
  }
}
