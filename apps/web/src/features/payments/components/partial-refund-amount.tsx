import type { Money } from '@store/contract/client';
import { Price } from '@/components/price';

/** What came back of a partly refunded payment: "IDR 89.000 refunded of IDR 239.000". */
export function PartialRefundAmount({ refunded, total }: { refunded: Money; total: Money }) {
  return (
    <>
      <Price inherit money={refunded} /> refunded of <Price inherit money={total} />
    </>
  );
}
