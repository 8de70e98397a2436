/**
 * The outside services the app talks to, each an interface with a local implementation.
 * To add one: extend `Vendors` and build its default in `createVendors`. Tests pass
 * replacements through buildApp({vendors}).
 */
import type { Config } from '../config';
import type { Db } from '../db';
import { consoleSms, httpSms, type SmsSender } from './sms';
import { localAppTokens, type AppTokenVerifier } from './app-token';
import { createIpGeo, type IpGeoVendor } from './ipgeo';
import { createGeocode, type GeocodeVendor } from './geocode';
import { createOcr, type OcrVendor } from './ocr';
import { createCompanyVendor, type CompanyVendor } from './company';
import { createAmlVendor, type AmlVendor } from './aml';
import { createFace, type FaceVendor } from './face';
import { caSettingsOf, createCa, type CaVendor } from './ca';
import { useFfmpeg } from './face/ffmpeg';

export interface Vendors {
  sms: SmsSender;
  appToken: AppTokenVerifier;
  /** IP address → {country, region} */
  ipgeo: IpGeoVendor;
  /** "latitude,longitude" → city code */
  geocode: GeocodeVendor;
  /** reads ID and bank cards (cut out of the photo by modules/ocr) */
  ocr: OcrVendor;
  /** company registry: name search and lookup by id */
  company: CompanyVendor;
  /** AML screening of an applicant's names and birth date by an outside service; null: the aml module's own watch list */
  aml: AmlVendor | null;
  /** face liveness and likeness to the ID card's photo (LivingBodyVerifyRaw) */
  face: FaceVendor;
  /** issues organisation signers' document-signing certificates (CorpApplyCACert) */
  ca: CaVendor;
}

export function createVendors(config: Config, db: Db): Vendors {
  // the process's ffmpeg (video uploads, the face check's child): FFMPEG_PATH, else the system's, else the bundled one
  useFfmpeg(config.ffmpegPath);
  return {
    sms: config.sms.vendor === 'http' && config.sms.httpUrl ? httpSms(config.sms.httpUrl) : consoleSms(db),
    appToken: localAppTokens(config.secrets.appTokenSecret),
    ipgeo: createIpGeo({
      IP_DEFAULT_COUNTRY: config.ipDefault.country,
      IP_DEFAULT_REGION: config.ipDefault.region,
      IPGEO_VENDOR: config.ipgeo.vendor,
      IPGEO_HTTP_URL: config.ipgeo.httpUrl,
    }),
    geocode: createGeocode({ GEOCODE_VENDOR: config.geocode.vendor, GEOCODE_HTTP_URL: config.geocode.httpUrl }),
    ocr: createOcr(
      { OCR_VENDOR: config.ocr.vendor, OCR_HTTP_URL: config.ocr.httpUrl, OCR_HTTP_KEY: config.ocr.httpKey, OCR_HTTP_TIMEOUT_MS: config.ocr.timeoutMs },
      { timeoutMs: config.ocr.timeoutMs },
    ),
    company: createCompanyVendor({ COMPANY_VENDOR: config.company.vendor, COMPANY_HTTP_URL: config.company.httpUrl, COMPANY_HTTP_KEY: config.company.httpKey }, db),
    aml: createAmlVendor({ AML_VENDOR: config.aml.vendor, AML_HTTP_URL: config.aml.httpUrl, AML_HTTP_KEY: config.aml.httpKey }),
    face: createFace(config.face),
    ca: createCa(caSettingsOf(config), db),
  };
}
