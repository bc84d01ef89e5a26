import { describe, expect, it } from 'vitest';
import { classifyAddress } from './public-address.js';

describe('classifyAddress', () => {
  it.each([
    ['93.184.216.34', { public: true, loopback: false }],
    ['8.8.8.8', { public: true, loopback: false }],
    ['2606:4700::1111', { public: true, loopback: false }],
    ['::ffff:93.184.216.34', { public: true, loopback: false }],
    ['64:ff9b::5db8:d822', { public: true, loopback: false }],
    ['127.0.0.1', { public: false, loopback: true, range: 'loopback' }],
    ['127.255.0.9', { public: false, loopback: true }],
    ['2130706433', { public: false, loopback: true }],
    ['::1', { public: false, loopback: true }],
    ['::ffff:127.0.0.1', { public: false, loopback: true }],
    ['64:ff9b::7f00:1', { public: false, loopback: false }],
    ['10.1.2.3', { public: false, range: 'private' }],
    ['172.31.255.255', { public: false, range: 'private' }],
    ['192.168.0.1', { public: false, range: 'private' }],
    ['169.254.169.254', { public: false, range: 'linkLocal' }],
    ['100.64.0.1', { public: false, range: 'carrierGradeNat' }],
    ['100.127.255.255', { public: false, range: 'carrierGradeNat' }],
    ['fd00:ec2::254', { public: false, range: 'uniqueLocal' }],
    ['fe80::1', { public: false, range: 'linkLocal' }],
    ['224.0.0.251', { public: false, range: 'multicast' }],
    ['ff02::1', { public: false, range: 'multicast' }],
    ['0.0.0.0', { public: false, range: 'unspecified' }],
    ['::', { public: false, range: 'unspecified' }],
    ['255.255.255.255', { public: false, range: 'broadcast' }],
    ['::7f00:1', { public: false }],
    ['100::1', { public: false }],
    ['2002:7f00:1::', { public: false }],
    ['2001:db8::1', { public: false }],
    ['::ffff:10.0.0.1', { public: false, range: 'private' }],
    ['64:ff9b::a9fe:a9fe', { public: false, range: 'linkLocal' }],
    ['not an address', { public: false, range: 'invalid' }],
  ])('%s', (address, want) => {
    expect(classifyAddress(address)).toMatchObject(want);
  });
});
