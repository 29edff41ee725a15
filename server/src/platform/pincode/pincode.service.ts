import { normaliseStateName } from '@schooliko/common/catalogue/states';
import { type PincodeAnswer, pincodeAnswerSchema } from '@schooliko/common/pincode';
import { lookupPincode } from './pincode.data';

export const UPSTREAM_TIMEOUT_MS = 1_500;

export type PincodeSource = {
  /** Base address of an India Post style service (`<url>/<pincode>`); unset uses only the embedded data. */
  upstreamUrl?: string;
  timeoutMs?: number;
  onUpstreamError?: (error: unknown) => void;
};

const notFound = (): PincodeAnswer => [{ Message: 'No records found', Status: 'Error', PostOffice: null }];

/** Every office's state under today's name (the public service still says e.g. 'Orissa'). */
function normalise(answer: PincodeAnswer): PincodeAnswer {
  return answer.map((item) => ({
    ...item,
    PostOffice:
      item.PostOffice?.map((office) => ({
        ...office,
        State: normaliseStateName(office.State) ?? office.State,
      })) ?? null,
  }));
}

async function fromUpstream(pincode: string, source: PincodeSource): Promise<PincodeAnswer | null> {
  if (!source.upstreamUrl) return null;
  try {
    const response = await fetch(`${source.upstreamUrl.replace(/\/+$/, '')}/${pincode}`, {
      signal: AbortSignal.timeout(source.timeoutMs ?? UPSTREAM_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`pincode service answered ${response.status}`);
    const parsed = pincodeAnswerSchema.safeParse(await response.json());
    if (!parsed.success) throw new Error('pincode service answered an unexpected shape');
    const first = parsed.data[0];
    if (first?.Status === 'Success' && first.PostOffice?.length) return normalise(parsed.data);
    return null;
  } catch (error) {
    source.onUpstreamError?.(error);
    return null;
  }
}

async function fromEmbedded(pincode: string): Promise<PincodeAnswer> {
  const place = await lookupPincode(pincode);
  if (!place) return notFound();
  return [
    {
      Message: 'Number of pincode(s) found:1',
      Status: 'Success',
      PostOffice: [{ District: place.district, State: place.state, Country: 'India', Pincode: pincode }],
    },
  ];
}

/**
 * Spec 7.7: the public service's answer shape. The configured upstream is asked first (1.5 s at
 * most); when it is unset, slow, down, or knows nothing, the embedded directory answers.
 */
export async function pincodeAnswer(pincode: string, source: PincodeSource = {}): Promise<PincodeAnswer> {
  return (await fromUpstream(pincode, source)) ?? fromEmbedded(pincode);
}
