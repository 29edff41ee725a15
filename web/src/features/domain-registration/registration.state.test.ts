import { describe, expect, it } from 'vitest';
import {
  activeStep,
  initialRegistration,
  openSteps,
  type RegistrationState,
  registrationReducer as reduce,
  siteAddress,
  submitProblem,
} from './registration.state';

const file = {} as File;
const verified = (): RegistrationState => {
  let s = reduce(initialRegistration(), { type: 'bdrIdChanged', value: 'SCHOOLIKO_0000000001' });
  s = reduce(s, { type: 'otpSent', bdr: { devMailViewer: true } });
  return reduce(s, { type: 'verified', token: 'tok', bdrName: 'Asha', expiresAt: '2030-01-01T00:00:00Z' });
};
const withDomain = () => {
  let s = reduce(verified(), { type: 'domainChanged', value: ' Sunrise.IN ' });
  s = reduce(s, { type: 'domainChecked', domain: 'sunrise.in' });
  return s;
};
const info = {
  institute_name: 'Sunrise Academy',
  institute_contact_person: 'Meera',
  domain_purchased_from: 'GoDaddy' as const,
  purchase_date: '2025-01-02',
  slogan: '',
  subdomain_enabled: false,
};

describe('domain registration wizard state (spec 4.11)', () => {
  it('lower-cases the BDR id as typed and opens the steps one after another', () => {
    const start = reduce(initialRegistration(), { type: 'bdrIdChanged', value: 'SCHOOLIKO_0000000001' });
    expect(start.bdrId).toBe('schooliko_0000000001');
    expect(activeStep(start)).toBe(0);
    expect(activeStep(verified())).toBe(1);
    let s = withDomain();
    expect(s.domain).toBe('sunrise.in');
    expect(activeStep(s)).toBe(2);
    s = reduce(s, { type: 'imageUploaded', target: 'logo', url: '/uploads/l.png' });
    expect(activeStep(s)).toBe(3);
    for (const role of ['admin', 'director', 'principal', 'student', 'parent'] as const) {
      s = reduce(s, { type: 'imageUploaded', target: role, url: `/uploads/${role}.png` });
    }
    expect(activeStep(s)).toBe(4);
    expect(openSteps(s).rolesUploaded).toBe(true);
  });

  it('resets the BDR verification when the id is edited, and the domain check when the domain is', () => {
    const s = withDomain();
    const edited = reduce(s, { type: 'bdrIdChanged', value: 'schooliko_0000000002' });
    expect(edited.grant).toBeNull();
    expect(edited.bdr).toBeNull();
    expect(openSteps(edited).domainVerified).toBe(false);
    const renamed = reduce(s, { type: 'domainChanged', value: 'other.in' });
    expect(renamed.checkedDomain).toBeNull();
    expect(renamed.grant).not.toBeNull();
    expect(activeStep(renamed)).toBe(1);
  });

  it('keeps only digits of the code, at most six', () => {
    expect(reduce(verified(), { type: 'otpChanged', value: '12a34 5678' }).otp).toBe('123456');
  });

  it("runs spec 5.9's submit checks in order", () => {
    expect(submitProblem(initialRegistration())).toBe('Please verify BDR with OTP first');
    expect(submitProblem(verified())).toBe('Please verify domain availability');
    let s = withDomain();
    expect(submitProblem(s)).toBe('Institute name is required');
    s = reduce(s, { type: 'infoChanged', info: { ...info, institute_contact_person: '' } });
    expect(submitProblem(s)).toBe('Contact person is required');
    s = reduce(s, { type: 'infoChanged', info: { ...info, purchase_date: '' } });
    expect(submitProblem(s)).toBe('Purchase date is required');
    s = reduce(s, { type: 'infoChanged', info });
    expect(submitProblem(s)).toBe('Please upload institute logo');
    s = reduce(s, { type: 'imageUploaded', target: 'logo', url: '/uploads/l.png' });
    s = reduce(s, { type: 'imageChosen', target: 'admin', file, preview: 'blob:a' });
    s = reduce(s, { type: 'imageUploaded', target: 'admin', url: '/uploads/a.png' });
    s = reduce(s, { type: 'imageUploaded', target: 'student', url: '/uploads/s.png' });
    expect(submitProblem(s)).toBe('Please upload images for: director, principal, parent');
    for (const role of ['director', 'principal', 'parent'] as const) {
      s = reduce(s, { type: 'imageUploaded', target: role, url: `/uploads/${role}.png` });
    }
    expect(submitProblem(s)).toBeNull();
    expect(submitProblem(reduce(s, { type: 'cleared' }))).toBe('Please verify BDR with OTP first');
  });

  it('sends the browser to the new domain: this port on local names, https elsewhere', () => {
    expect(siteAddress('sunrise.localhost', { hostname: 'localhost', port: '3103', protocol: 'http:' })).toBe(
      'http://sunrise.localhost:3103/',
    );
    expect(
      siteAddress('sunrise.in', { hostname: 'register.schooliko.in', port: '', protocol: 'https:' }),
    ).toBe('https://sunrise.in/');
  });
});
