import { isNonPublic, parseAddress } from '../src/vendors/ipgeo/address';
import { createLocalIpGeo } from '../src/vendors/ipgeo/local';
import { createHttpIpGeo } from '../src/vendors/ipgeo/http';
import { normaliseLocation } from '../src/vendors/ipgeo/types';
import { createLocalGeocode, MAX_REFERENCE_KM, resolvePosition } from '../src/vendors/geocode/local';
import { createHttpGeocode } from '../src/vendors/geocode/http';
import { parseLocation } from '../src/vendors/geocode/types';
import { MAINLAND, WORLD } from '../src/vendors/geocode/places';
import { isMainlandCityCode, isMainlandIp } from '@core/domain';

describe('IP address classification', () => {
  test.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['0.0.0.0', true],
    ['10.20.30.40', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.10.10', true],
    ['100.64.0.1', true], // carrier-grade NAT
    ['100.127.255.255', true],
    ['100.128.0.1', false],
    ['224.0.0.1', true],
    ['8.8.8.8', false],
    ['::1', true],
    ['::', true],
    ['fe80::1%eth0', true],
    ['fd12:3456::1', true], // unique-local
    ['fc00::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true], // the same, hex form
    ['::ffff:10.1.2.3', true],
    ['::ffff:8.8.8.8', false],
    ['2001:4860:4860::8888', false],
  ])('%s non-public: %s', (ip, expected) => {
    const parsed = parseAddress(ip);
    expect(parsed).not.toBeNull();
    expect(isNonPublic(parsed!)).toBe(expected);
  });

  test.each(['', 'localhost', '1.2.3', '1.2.3.256', '1::2::3', 'gggg::1', '::ffff:1.2.3.999'])('%j is not an address', (ip) => {
    expect(parseAddress(ip)).toBeNull();
  });
});

describe('local IP location (geoip-lite database)', () => {
  const geo = createLocalIpGeo({ IP_DEFAULT_COUNTRY: 'HK', IP_DEFAULT_REGION: '' });

  test.each([
    ['127.0.0.1'],
    ['::1'],
    ['::ffff:127.0.0.1'],
    ['10.0.0.7'],
    ['192.168.0.2'],
    ['100.100.1.1'],
    ['fd00::2'],
    ['not an ip'],
  ])('%s → the configured default', async (ip) => {
    expect(await geo.locate(ip)).toEqual({ country: 'HK', region: '' });
  });

  test('the default is whatever the deployment configures', async () => {
    const other = createLocalIpGeo({ IP_DEFAULT_COUNTRY: 'CN', IP_DEFAULT_REGION: 'HK' });
    expect(await other.locate('127.0.0.1')).toEqual({ country: 'CN', region: 'HK' });
  });

  test.each([
    ['1.2.4.8', 'CN', true], // CNNIC public DNS, mainland
    ['114.114.114.114', 'CN', true],
    ['::ffff:114.114.114.114', 'CN', true],
    ['240e::1', 'CN', true], // China Telecom IPv6
    ['203.198.1.1', 'HK', false],
    ['202.175.1.1', 'MO', false],
    ['168.95.1.1', 'TW', false],
    ['8.8.8.8', 'US', false],
    ['2001:4860:4860::8888', 'US', false],
  ])('%s → %s (mainland: %s)', async (ip, country, mainland) => {
    const loc = await geo.locate(ip);
    expect(loc.country).toBe(country);
    if (country === 'CN' || ['HK', 'MO', 'TW'].includes(country)) expect(loc.region).toBe('');
    expect(isMainlandIp(loc)).toBe(mainland);
  });

  test('other countries keep their subdivision code', async () => {
    expect(await geo.locate('81.2.69.142')).toEqual({ country: 'GB', region: 'ENG' });
  });

  test.each([
    ['CN', 'GD', { country: 'CN', region: '' }],
    ['cn', 'hk', { country: 'CN', region: 'HK' }],
    ['HK', 'HCW', { country: 'HK', region: '' }],
    ['TW', '', { country: 'TW', region: '' }],
    ['US', 'ca', { country: 'US', region: 'CA' }],
  ])('normalises (%s, %s)', (country, region, expected) => {
    expect(normaliseLocation(country, region)).toEqual(expected);
  });
});

describe('HTTP IP location adapter', () => {
  const settings = { IP_DEFAULT_COUNTRY: 'HK', IP_DEFAULT_REGION: '', IPGEO_VENDOR: 'http' as const, IPGEO_HTTP_URL: 'https://geo.example/lookup' };

  test('asks the vendor for public addresses and normalises the answer', async () => {
    const calls: string[] = [];
    const fetchImpl = (async (url: URL) => {
      calls.push(String(url));
      return new Response(JSON.stringify({ country: 'cn', region: 'GD' }), { status: 200 });
    }) as unknown as typeof fetch;
    const geo = createHttpIpGeo(settings, fetchImpl);
    expect(await geo.locate('1.2.4.8')).toEqual({ country: 'CN', region: '' });
    expect(calls).toEqual(['https://geo.example/lookup?ip=1.2.4.8']);
  });

  test('never sends private addresses out', async () => {
    const fetchImpl = jest.fn() as unknown as typeof fetch;
    const geo = createHttpIpGeo(settings, fetchImpl);
    expect(await geo.locate('192.168.1.5')).toEqual({ country: 'HK', region: '' });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  test('a failing vendor is an error, not a guess', async () => {
    const geo = createHttpIpGeo(settings, (async () => new Response('no', { status: 502 })) as unknown as typeof fetch);
    await expect(geo.locate('8.8.8.8')).rejects.toThrow(/502/);
  });
});

describe('reverse geocoding (offline table)', () => {
  const geocode = createLocalGeocode();

  test.each([
    // Hong Kong / Shenzhen border
    ['Central, Hong Kong', 22.282, 114.158, '156810000'],
    ['Sheung Shui, HK (1.5 km from the border)', 22.501, 114.128, '156810000'],
    ['Yuen Long, HK', 22.445, 114.022, '156810000'],
    ['Tin Shui Wai, HK', 22.46, 114.0, '156810000'],
    ['Lantau, HK', 22.26, 113.95, '156810000'],
    ['Futian CBD, Shenzhen', 22.541, 114.058, '156440300'],
    ['Luohu, Shenzhen', 22.548, 114.131, '156440300'],
    ['Shekou, Shenzhen', 22.485, 113.918, '156440300'],
    ['Yantian, Shenzhen', 22.557, 114.237, '156440300'],
    ['Dapeng, Shenzhen', 22.59, 114.48, '156440300'],
    // Macau / Zhuhai
    ['Senado Square, Macau', 22.1936, 113.5392, '156820000'],
    ['Taipa, Macau', 22.155, 113.557, '156820000'],
    ['Coloane, Macau', 22.12, 113.565, '156820000'],
    ['Gongbei, Zhuhai', 22.222, 113.549, '156440400'],
    ['Xiangzhou, Zhuhai', 22.27, 113.57, '156440400'],
    ['Hengqin, Zhuhai', 22.12, 113.52, '156440400'],
    // Taiwan and the Fujian coast
    ['Taipei', 25.033, 121.565, '156710000'],
    ['Kaohsiung', 22.627, 120.301, '156710000'],
    ['Kinmen', 24.43, 118.32, '156710000'],
    ['Xiamen', 24.48, 118.09, '156350200'],
    // mainland cities
    ['Guangzhou', 23.13, 113.26, '156440100'],
    ['Dongguan', 23.02, 113.75, '156441900'],
    ['Beijing', 39.9, 116.4, '156110000'],
    ['Shanghai', 31.23, 121.47, '156310000'],
    ['Urumqi', 43.83, 87.62, '156650100'],
    // other countries: ISO 3166-1 numeric
    ['Singapore (Orchard)', 1.305, 103.832, '702'],
    ['Singapore (Woodlands, 2 km from Johor)', 1.436, 103.786, '702'],
    ['Johor Bahru', 1.49, 103.74, '458'],
    ['London', 51.5074, -0.1278, '826'],
    ['Tokyo', 35.68, 139.76, '392'],
    ['New York', 40.71, -74.0, '840'],
    ['Sydney', -33.87, 151.21, '036'],
  ])('%s → %s', async (_name, lat, lng, code) => {
    expect(await geocode.cityCode(lat, lng)).toBe(code);
  });

  test('Hong Kong, Macau and Taiwan are not mainland by the city-code rule; Shenzhen and Zhuhai are', () => {
    expect(isMainlandCityCode(resolvePosition(22.282, 114.158).code)).toBe(false);
    expect(isMainlandCityCode(resolvePosition(22.1936, 113.5392).code)).toBe(false);
    expect(isMainlandCityCode(resolvePosition(25.033, 121.565).code)).toBe(false);
    expect(isMainlandCityCode(resolvePosition(22.541, 114.058).code)).toBe(true);
    expect(isMainlandCityCode(resolvePosition(22.222, 113.549).code)).toBe(true);
  });

  test(`open ocean further than ${MAX_REFERENCE_KM} km from every reference point is unknown ('')`, async () => {
    expect(await geocode.cityCode(0, -140)).toBe('');
  });

  test('the table is well formed', () => {
    for (const [code, lat, lng] of MAINLAND) {
      expect([code, /^\d{6}$/.test(code)]).toEqual([code, true]);
      expect(Math.abs(lat) <= 90 && Math.abs(lng) <= 180).toBe(true);
    }
    for (const [code, lat, lng] of WORLD) {
      expect([code, /^\d{3}$/.test(code) && code !== '156' && code !== '344' && code !== '446' && code !== '158']).toEqual([code, true]);
      expect(Math.abs(lat) <= 90 && Math.abs(lng) <= 180).toBe(true);
    }
  });

  test.each([
    ['22.5,114.1', { lat: 22.5, lng: 114.1 }],
    [' -33.9 , 151.2 ', { lat: -33.9, lng: 151.2 }],
    ['91,0', null],
    ['0,181', null],
    ['22.5;114.1', null],
    ['abc', null],
  ])('parseLocation(%j)', (text, expected) => {
    expect(parseLocation(text)).toEqual(expected);
  });
});

describe('HTTP geocode adapter', () => {
  test('passes the position and returns the vendor city code', async () => {
    const calls: string[] = [];
    const geo = createHttpGeocode({ GEOCODE_VENDOR: 'http', GEOCODE_HTTP_URL: 'https://geo.example/city' }, (async (url: URL) => {
      calls.push(String(url));
      return new Response(JSON.stringify({ city_code: 156440300 }), { status: 200 });
    }) as unknown as typeof fetch);
    expect(await geo.cityCode(22.54, 114.05)).toBe('156440300');
    expect(calls).toEqual(['https://geo.example/city?location=22.54%2C114.05']);
  });

  test('rejects an answer without a numeric city code', async () => {
    const geo = createHttpGeocode({ GEOCODE_VENDOR: 'http', GEOCODE_HTTP_URL: 'https://geo.example/city' }, (async () =>
      new Response(JSON.stringify({ city_code: 'x<script>' }), { status: 200 })) as unknown as typeof fetch);
    await expect(geo.cityCode(1, 1)).rejects.toThrow(/city_code/);
  });
});
