import { describe, expect, it } from 'vitest';
import { describeServerUrl } from './describeServerUrl.js';

describe('describeServerUrl: where a server URL points, for logs', () => {
  it('given credentials, then the hosts without them', () => {
    expect(describeServerUrl('kurrentdb://admin:changeit@kurrentdb:2113?tls=false')).toBe('kurrentdb:2113');
    expect(describeServerUrl('mongodb://app:p%40ss@m1:27017,m2:27017,m3:27017/hyperhook?replicaSet=rs0')).toBe('m1:27017,m2:27017,m3:27017');
    expect(describeServerUrl('mongodb+srv://app:secret@cluster0.example.net/')).toBe('cluster0.example.net');
  });

  it('given no scheme or no host, then it says so rather than echo what may be a secret', () => {
    expect(describeServerUrl('admin:changeit')).toBe('an unparsable URL');
    expect(describeServerUrl('kurrentdb://admin:changeit@/x')).toBe('an unparsable URL');
  });
});
