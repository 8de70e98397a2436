/**
 * Company search (/C_SearchCompany; spec part 1 §2 "Company search page", §5 "Company search"): a search box
 * (from 2 characters, 200 ms after the last key, pages of 10 with "show more" and loading on scroll), the
 * results with their registered location, empty and error states, and a manual-entry popup (name 4-200,
 * address required up to 500 and not the name again; the form kit marks each). The choice goes back to the
 * opener through ../../company-choice.ts.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { companyInfoQuery, companySearchQuery, type CompanyItem } from '@core/api/lookup';
import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { FooterButton } from '@core/ui/FooterButton';
import { TextField } from '@core/ui/form';
import { Sheet } from '@core/ui/pickers';
import { COMPANY_SEARCH, MANUAL_COMPANY_LIMITS, manualCompanyIssues, searchWord, type ManualCompany } from '@core/domain/company';
import { MAX_LEN, MIN_LEN, type Rule } from '@core/domain/identity';
import { useRuleForm } from '@core/form/use-rule-form';
import { useHandCompanyBack } from '../../company-choice';
import './company-search.css';

/** The search word, settled COMPANY_SEARCH.debounceMs after the last change; null while too short. */
function useSettledWord(typed: string): string | null {
  const [word, setWord] = useState<string | null>(() => searchWord(typed));
  useEffect(() => {
    const next = searchWord(typed);
    if (next === null) {
      setWord(null);
      return;
    }
    const timer = setTimeout(() => setWord(next), COMPANY_SEARCH.debounceMs);
    return () => clearTimeout(timer);
  }, [typed]);
  return word;
}

export default function CompanySearchScreen() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const handBack = useHandCompanyBack();
  const qc = useQueryClient();
  const [choosing, setChoosing] = useState(false);
  // a result without its registered location: the company's details are asked for it (CompanyInfo); without them the choice goes back as it is
  const choose = async (c: CompanyItem) => {
    if (choosing) return;
    let address = c.regLocation;
    if (!address) {
      setChoosing(true);
      address = await qc.fetchQuery(companyInfoQuery(c.id)).then((info) => info.regLocation, () => '');
      setChoosing(false);
    }
    handBack({ id: c.id, name: c.name, address, manual: false });
  };
  const [typed, setTyped] = useState(() => params.get('word') ?? '');
  const word = useSettledWord(typed);
  const [pages, setPages] = useState(1);
  const [manualOpen, setManualOpen] = useState(false);
  useEffect(() => setPages(1), [word]);

  const queries = useQueries({
    queries: Array.from({ length: word ? pages : 0 }, (_, i) => ({ ...companySearchQuery(word ?? '', i + 1), enabled: !!word })),
  });
  const items = queries.flatMap((q) => q.data?.items ?? []);
  const total = queries[0]?.data?.total ?? 0;
  const last = queries[queries.length - 1];
  const firstLoading = !!word && queries.length > 0 && queries[0].isPending;
  const failed = queries.find((q) => q.isError);
  const loadingMore = pages > 1 && !!last?.isPending;
  const hasMore = !!word && !failed && !last?.isPending && items.length < total;

  // load the next page when the end of the list scrolls into view (where IntersectionObserver exists)
  const sentinel = useRef<HTMLDivElement>(null);
  const moreRef = useRef(() => {});
  moreRef.current = () => {
    if (hasMore) setPages((p) => p + 1);
  };
  useEffect(() => {
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) moreRef.current();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [word]);

  return (
    <StepPage
      title={t('company.title')}
      onBack={() => navigate(-1)}
      className="oa-company"
      footer={
        <div className="oa-company__manual">
          <span>{t('company.manualPrompt')}</span>
          <FooterButton onClick={() => setManualOpen(true)}>{t('company.manualOpen')}</FooterButton>
        </div>
      }
    >
      <div role="search" className="oa-company__search">
        <TextField
          name="companyWord"
          label={t('company.search')}
          value={typed}
          placeholder={t('company.searchPlaceholder', { min: COMPANY_SEARCH.minChars })}
          maxLength={100}
          onChange={setTyped}
        />
      </div>

      <div className="oa-company__status" role="status" aria-live="polite">
        {!word && !searchWord(typed) ? <p className="oa-company__note">{t('company.typeMore', { min: COMPANY_SEARCH.minChars })}</p> : null}
        {firstLoading ? <p className="oa-company__note">{t('company.searching')}</p> : null}
        {word && !firstLoading && !failed && items.length === 0 ? <p className="oa-company__note">{t('company.empty', { word })}</p> : null}
      </div>

      {failed ? (
        <div className="oa-company__error" role="alert">
          <p>{t('company.failed')}</p>
          <button type="button" className="oa-company__link" onClick={() => void failed.refetch()}>
            {t('company.retry')}
          </button>
        </div>
      ) : null}

      {items.length ? (
        <ul className="oa-company__list" aria-label={t('company.results')}>
          {items.map((c) => (
            <li key={c.id}>
              <button type="button" className="oa-company__item" aria-busy={choosing || undefined} onClick={() => void choose(c)}>
                <span className="oa-company__name">{c.name}</span>
                <span className="oa-company__place">{c.regLocation ? t('company.registered', { place: c.regLocation }) : t('company.noPlace')}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <div ref={sentinel} className="oa-company__sentinel" aria-hidden="true" />
      {hasMore ? (
        <button type="button" className="oa-company__more" onClick={() => setPages((p) => p + 1)}>
          {t('company.more')}
        </button>
      ) : null}
      {loadingMore ? <p className="oa-company__note">{t('company.loadingMore')}</p> : null}
      {word && items.length > 0 && !hasMore && !loadingMore && !failed ? <p className="oa-company__note">{t('company.end')}</p> : null}

      <ManualEntry visible={manualOpen} initialName={typed.trim()} onClose={() => setManualOpen(false)} onDone={(name, address) => handBack({ name, address, manual: true })} />
    </StepPage>
  );
}

function ManualEntry({ visible, initialName, onClose, onDone }: { visible: boolean; initialName: string; onClose: () => void; onDone: (name: string, address: string) => void }) {
  const t = useT();
  // an address that repeats the name says so in the popup's own words
  const message = useCallback((rule: Rule) => (rule === 'sameAsName' ? t('company.sameAsName') : undefined), [t]);
  const kit = useRuleForm<ManualCompany>({ initial: { name: '', address: '' }, validate: manualCompanyIssues, limits: MANUAL_COMPANY_LIMITS, message });
  const { reset } = kit;
  useEffect(() => {
    // each opening starts from the search box's word, nothing marked
    if (visible) reset({ name: initialName, address: '' });
    // only when the popup opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible]);

  const confirm = () => {
    // something missing or wrong: marked, the first focused, the toast says how many
    if (!kit.check()) return;
    onDone(kit.form.name.trim(), kit.form.address.trim());
  };

  return (
    <Sheet
      visible={visible}
      title={t('company.manualTitle')}
      onClose={onClose}
      footer={
        <FooterButton onClick={confirm}>{t('company.manualConfirm')}</FooterButton>
      }
    >
      <div className="oa-company__manual-form">
        <TextField
          {...kit.bind('name')}
          label={t('company.manualName')}
          required
          maxLength={MAX_LEN.companyName}
          placeholder={t('company.manualNamePlaceholder', { min: MIN_LEN.companyNameManual })}
        />
        <TextField
          {...kit.bind('address')}
          label={t('company.manualAddress')}
          required
          multiline
          maxLength={MAX_LEN.address}
          placeholder={t('company.manualAddressPlaceholder')}
        />
      </div>
    </Sheet>
  );
}
