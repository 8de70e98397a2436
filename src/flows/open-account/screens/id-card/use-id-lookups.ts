/**
 * The mainland ID page's two lookups (KYCKeyValue): the pinyin of the Chinese name (type 3) and the birthplace of
 * the ID number's region code (type 2). Each runs for a new name or region (read from the card, or typed and
 * left) and fills its fields once; a saved page keeps what it has until the name or number changes.
 */
import { useEffect, useRef, useState } from 'react';
import { useBirthplace, useNamePinyin } from '@core/api';
import { normaliseLatinName } from '@core/domain/identity';
import type { IdForm } from './form-state';

export function useIdLookups(initial: IdForm, setForm: React.Dispatch<React.SetStateAction<IdForm>>) {
  const [pinyinName, setPinyinName] = useState(initial.chineseName);
  const pinyinDone = useRef(initial.lastName || initial.firstName ? initial.chineseName : '');
  const pinyin = useNamePinyin(pinyinName);
  useEffect(() => {
    const d = pinyin.data;
    if (!d || pinyinDone.current === pinyinName) return;
    pinyinDone.current = pinyinName;
    setForm((f) => ({ ...f, lastName: normaliseLatinName(d.surnamePinyin), firstName: normaliseLatinName(d.namePinyin), pinyinEdited: false }));
  }, [pinyin.data, pinyinName, setForm]);

  const [regionKey, setRegionKey] = useState(initial.idNumber.slice(0, 6));
  const regionDone = useRef(initial.birthCity ? initial.idNumber.slice(0, 6) : '');
  const birthplace = useBirthplace(regionKey);
  useEffect(() => {
    const place = birthplace.data;
    if (place === undefined || regionDone.current === regionKey) return;
    regionDone.current = regionKey;
    if (place) setForm((f) => ({ ...f, birthCity: place }));
  }, [birthplace.data, regionKey, setForm]);

  return {
    /** the name has several readings: the pinyin must be checked */
    polyphone: !!pinyin.data && (pinyin.data.surnameIsPolyphone || pinyin.data.nameIsPolyphone),
    /** looks up the pinyin of a name */
    name: (name: string) => setPinyinName(name.trim()),
    /** looks up the birthplace of an ID number (once it has its 6-digit region) */
    region: (idNumber: string) => {
      if (/^\d{6}/.test(idNumber)) setRegionKey(idNumber.slice(0, 6));
    },
  };
}
