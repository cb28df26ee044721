import { resultScreenFor, type PaymentResultScreen } from '@store/contract/client';

/** The result pages of a payment, and which one tells the truth about each status. */
export type PaymentResultPage = PaymentResultScreen;

/** The contract's one rule, which every screen that moves on to a result page follows. */
export const resultPageFor = resultScreenFor;
