import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatRupees } from '@schooliko/common/fees/money';
import type { OnlineOrder, OnlineVerifyInput } from '@schooliko/common/fees/online';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStudentsQuery } from '../people';
import { useDuesQuery } from './fees.api';
import {
  openRazorpay,
  useCreateOnlineOrderMutation,
  useOnlineOrderQuery,
  useTestCheckoutMutation,
  useVerifyOnlineMutation,
} from './online.api';
import { usePrintReceipt } from './use-print-receipt';

/**
 * /pay-online: a parent (or a student) pays what is due through Razorpay. The server makes the
 * order, Checkout takes the money (or, without keys, the test gateway's dialog), the signature
 * is checked as a hint, and the page waits for the webhook's receipt.
 */
export default function PayOnlinePage() {
  const { t } = useTranslation();
  const children = useStudentsQuery({ page: 1, limit: 20 });
  const [chosen, setChosen] = useState('');
  const studentId = chosen || children.data?.items[0]?.id || '';
  const dues = useDuesQuery(studentId, { skip: !studentId });
  const [createOrder, creating] = useCreateOnlineOrderMutation();
  const [verify] = useVerifyOnlineMutation();
  const [testOrder, setTestOrder] = useState<OnlineOrder | null>(null);
  const [orderId, setOrderId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paid, setPaid] = useState<OnlineOrder | null>(null);
  // Until the webhook has posted the receipt, the order is asked after every 1.5 s.
  const order = useOnlineOrderQuery(orderId ?? '', {
    skip: !orderId || paid !== null,
    pollingInterval: 1500,
  });
  const { refetch } = dues;
  useEffect(() => {
    if (order.data?.status !== 'paid') return;
    setPaid(order.data);
    if (studentId) refetch();
  }, [order.data, refetch, studentId]);
  const due = dues.data?.total_due_paise ?? 0;

  const onPaid = async (answer: OnlineVerifyInput) => {
    setTestOrder(null);
    const seen = await verify(answer).unwrap();
    setOrderId(seen.id);
  };
  const pay = async () => {
    setError(null);
    try {
      const made = await createOrder({ student_id: studentId, amount_paise: due }).unwrap();
      if (made.checkout === 'test') setTestOrder(made);
      else await openRazorpay(made, onPaid, t('fees.online.title'));
    } catch {
      setError(t('fees.online.failed'));
    }
  };

  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, maxWidth: 640 }}>
      <Typography variant="h5" component="h1">
        {t('fees.online.title')}
      </Typography>
      {(children.data?.items.length ?? 0) > 1 && (
        <TextField
          select
          label={t('fees.online.child')}
          value={studentId}
          onChange={(e) => setChosen(e.target.value)}
        >
          {children.data?.items.map((c) => (
            <MenuItem key={c.id} value={c.id}>{`${c.first_name} ${c.last_name}`}</MenuItem>
          ))}
        </TextField>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography>{t('fees.online.due', { amount: formatRupees(due) })}</Typography>
        {!paid && !orderId && (
          <Button variant="contained" sx={{ mt: 2 }} disabled={due <= 0 || creating.isLoading} onClick={pay}>
            {t('fees.online.pay', { amount: formatRupees(due) })}
          </Button>
        )}
        {orderId && !paid && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('fees.messages.onlinePaymentSeen')}
          </Alert>
        )}
        {paid && <PaidNote order={paid} />}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </Paper>
      {testOrder && <TestCheckout order={testOrder} onPaid={onPaid} onClose={() => setTestOrder(null)} />}
    </Stack>
  );
}

function PaidNote({ order }: { order: OnlineOrder }) {
  const { t } = useTranslation();
  const receipt = usePrintReceipt();
  return (
    <Alert severity="success" sx={{ mt: 2 }}>
      {t('fees.online.paid', { no: order.receipt_no })}
      {order.payment_id && (
        <Button size="small" sx={{ ml: 1 }} onClick={() => receipt.open(order.payment_id ?? '')}>
          {t('fees.online.receipt')}
        </Button>
      )}
    </Alert>
  );
}

/** The test gateway's Checkout: no money moves; it pays the order as Razorpay would. */
function TestCheckout(props: {
  order: OnlineOrder;
  onPaid: (a: OnlineVerifyInput) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [checkout, state] = useTestCheckoutMutation();
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('fees.online.testTitle')}</DialogTitle>
      <DialogContent>
        <Typography>{t('fees.online.testNote')}</Typography>
        <Typography sx={{ mt: 1, fontWeight: 600 }}>{formatRupees(props.order.amount_paise)}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('fees.online.cancel')}</Button>
        <Button
          variant="contained"
          disabled={state.isLoading}
          onClick={async () => props.onPaid(await checkout(props.order.order_id).unwrap())}
        >
          {t('fees.online.testPay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
