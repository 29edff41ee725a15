import {
  DOMAIN_MESSAGES,
  type InstituteInfoInput,
  instituteInfoSchema,
  missingRoles,
} from '@schooliko/common/domains';
import { BRANDING_ROLES, type BrandingRole } from '@schooliko/common/institutes';

/** One picture the wizard uploads: the chosen file, its preview, its progress and its URL. */
export type ImageSlot = {
  file: File | null;
  preview: string | null;
  progress: number | null;
  url: string | null;
};

/** A code was asked for (the answer is the same whether the id is registered or not). */
export type SentCode = { devMailViewer: boolean };

/** Spec 4.11's wizard, as one value: each step's input and whether it succeeded. */
export type RegistrationState = {
  bdrId: string;
  /** Set once the code was sent. */
  bdr: SentCode | null;
  otp: string;
  /** The grant from a verified code (spec: "BDR verified"), with the BDR's name. */
  grant: { token: string; bdrId: string; bdrName: string; expiresAt: string } | null;
  domain: string;
  /** The domain name that was found available; editing the domain clears it. */
  checkedDomain: string | null;
  info: InstituteInfoInput;
  logo: ImageSlot;
  roles: Record<BrandingRole, ImageSlot>;
};

export const emptySlot: ImageSlot = { file: null, preview: null, progress: null, url: null };

export const emptyInfo: InstituteInfoInput = {
  institute_name: '',
  institute_contact_person: '',
  domain_purchased_from: '' as InstituteInfoInput['domain_purchased_from'],
  purchase_date: '',
  slogan: '',
  subdomain_enabled: false,
};

export function initialRegistration(): RegistrationState {
  return {
    bdrId: '',
    bdr: null,
    otp: '',
    grant: null,
    domain: '',
    checkedDomain: null,
    info: emptyInfo,
    logo: emptySlot,
    roles: Object.fromEntries(BRANDING_ROLES.map((role) => [role, emptySlot])) as Record<
      BrandingRole,
      ImageSlot
    >,
  };
}

export type RegistrationAction =
  | { type: 'bdrIdChanged'; value: string }
  | { type: 'otpSent'; bdr: SentCode }
  | { type: 'otpChanged'; value: string }
  | { type: 'verified'; token: string; bdrName: string; expiresAt: string }
  | { type: 'domainChanged'; value: string }
  | { type: 'domainChecked'; domain: string }
  | { type: 'infoChanged'; info: InstituteInfoInput }
  | { type: 'imageChosen'; target: 'logo' | BrandingRole; file: File; preview: string }
  | { type: 'imageProgress'; target: 'logo' | BrandingRole; progress: number | null }
  | { type: 'imageUploaded'; target: 'logo' | BrandingRole; url: string }
  | { type: 'cleared' };

function withSlot(
  state: RegistrationState,
  target: 'logo' | BrandingRole,
  slot: ImageSlot,
): RegistrationState {
  return target === 'logo'
    ? { ...state, logo: slot }
    : { ...state, roles: { ...state.roles, [target]: slot } };
}

const slotOf = (state: RegistrationState, target: 'logo' | BrandingRole) =>
  target === 'logo' ? state.logo : state.roles[target];

export function registrationReducer(state: RegistrationState, action: RegistrationAction): RegistrationState {
  switch (action.type) {
    case 'bdrIdChanged':
      // Spec 4.11: editing the BDR id resets the BDR verification (the code and the grant).
      return { ...state, bdrId: action.value.toLowerCase(), bdr: null, otp: '', grant: null };
    case 'otpSent':
      return { ...state, bdr: action.bdr, otp: '', grant: null };
    case 'otpChanged':
      return { ...state, otp: action.value.replace(/\D/g, '').slice(0, 6) };
    case 'verified':
      return {
        ...state,
        grant: {
          token: action.token,
          bdrId: state.bdrId,
          bdrName: action.bdrName,
          expiresAt: action.expiresAt,
        },
      };
    case 'domainChanged':
      // Editing the domain resets its verification.
      return { ...state, domain: action.value.trim().toLowerCase(), checkedDomain: null };
    case 'domainChecked':
      return { ...state, checkedDomain: action.domain };
    case 'infoChanged':
      return { ...state, info: action.info };
    case 'imageChosen':
      return withSlot(state, action.target, {
        file: action.file,
        preview: action.preview,
        progress: null,
        url: null,
      });
    case 'imageProgress':
      return withSlot(state, action.target, { ...slotOf(state, action.target), progress: action.progress });
    case 'imageUploaded':
      return withSlot(state, action.target, {
        ...slotOf(state, action.target),
        progress: 100,
        url: action.url,
      });
    case 'cleared':
      return initialRegistration();
  }
}

/** Which steps are open: each appears only after the one before it succeeded (spec 4.11). */
export function openSteps(state: RegistrationState) {
  const bdrVerified = state.grant !== null;
  const domainVerified = bdrVerified && state.checkedDomain !== null && state.checkedDomain === state.domain;
  const logoUploaded = domainVerified && state.logo.url !== null;
  const rolesUploaded = logoUploaded && missingRoles(roleImages(state)).length === 0;
  return { bdrVerified, domainVerified, logoUploaded, rolesUploaded };
}

export function roleImages(state: RegistrationState) {
  return BRANDING_ROLES.flatMap((role) => {
    const url = state.roles[role].url;
    return url ? [{ role, image_url: url }] : [];
  });
}

/** The active step of the Stepper: the first that has not succeeded yet (4 when all have). */
export function activeStep(state: RegistrationState): number {
  const open = openSteps(state);
  if (!open.bdrVerified) return 0;
  if (!open.domainVerified) return 1;
  if (!open.logoUploaded) return 2;
  if (!open.rolesUploaded) return 3;
  return 4;
}

/** Spec 5.9's submit checks, in order: the first that fails, or null when it may be sent. */
export function submitProblem(state: RegistrationState): string | null {
  const open = openSteps(state);
  if (!open.bdrVerified) return DOMAIN_MESSAGES.verifyBdrFirst.text;
  if (!open.domainVerified) return DOMAIN_MESSAGES.verifyDomainFirst.text;
  const info = instituteInfoSchema.safeParse(state.info);
  if (!info.success) return info.error.issues[0]?.message ?? DOMAIN_MESSAGES.instituteNameRequired.text;
  if (!state.logo.url) return DOMAIN_MESSAGES.logoRequired.text;
  const missing = missingRoles(roleImages(state));
  if (missing.length) return DOMAIN_MESSAGES.roleImagesMissing(missing).text;
  return null;
}

/** Where the browser goes after registering: the new domain, on this port for local names. */
export function siteAddress(
  domain: string,
  here: { hostname: string; port: string; protocol: string },
): string {
  const local =
    here.hostname === 'localhost' ||
    here.hostname.endsWith('.localhost') ||
    here.hostname === '127.0.0.1' ||
    here.hostname === '[::1]';
  if (local) return `http://${domain}${here.port ? `:${here.port}` : ''}/`;
  return `https://${domain}/`;
}
