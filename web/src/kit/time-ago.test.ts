import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

describe('timeAgo', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');
  it('words the distance in the largest fitting unit', () => {
    expect(timeAgo('2025-06-01T11:59:30Z', 'en', now)).toBe('30 seconds ago');
    expect(timeAgo('2025-06-01T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(timeAgo('2025-06-01T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(timeAgo('2025-05-31T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(timeAgo('2025-05-18T12:00:00Z', 'en', now)).toBe('2 weeks ago');
  });
  it('speaks Hindi when asked', () => {
    expect(timeAgo('2025-06-01T11:55:00Z', 'hi', now)).toContain('5');
    expect(timeAgo('2025-06-01T11:55:00Z', 'hi', now)).not.toContain('minutes');
  });
});
