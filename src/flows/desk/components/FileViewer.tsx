/**
 * One file of the application in the page: an image with zoom and rotate, a PDF in the in-page viewer (react-pdf,
 * loaded with the first PDF opened), anything else as a download.
 */
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Alert, Button, Space, Spin, Typography } from 'antd';
import { useIntl } from 'react-intl';
import { staffFileUrl } from '@core/api/staff';

const PdfPages = lazy(() => import('@core/ui/pdf/PdfPages'));

export interface ViewedFile {
  ossId: string;
  mime: string;
  /** what the file is, for its accessible name: "ID card · front" */
  label: string;
}

/** the image's width as a share of the viewer's (the viewer scrolls past 100%) */
const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3];

export function FileViewer({ appId, file }: { appId: string; file: ViewedFile }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [zoom, setZoom] = useState(2);
  const [turn, setTurn] = useState(0);
  const [failed, setFailed] = useState(false);
  // the image's height to its width, and the stage's inner width: a turned image's box is sized to what it covers
  const [ratio, setRatio] = useState(0.63);
  const [stageWidth, setStageWidth] = useState(600);
  const stage = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const fit = () => setStageWidth(Math.max(200, el.clientWidth - 16));
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(fit);
    ro.observe(el);
    return () => ro.disconnect();
  }, [file.mime]);
  useEffect(() => {
    setZoom(2);
    setTurn(0);
    setFailed(false);
  }, [file.ossId]);
  const url = staffFileUrl(appId, file.ossId);

  if (failed) return <Alert type="error" showIcon message={t('desk.viewer.failed')} />;
  if (file.mime === 'application/pdf') {
    return (
      <div className="desk-viewer desk-viewer--pdf" role="region" aria-label={file.label}>
        <Suspense fallback={<Spin />}>
          <PdfPages url={url} loading={t('desk.viewer.loading')} pageLabel={(n, total) => t('desk.viewer.page', { n, total })} onError={() => setFailed(true)} />
        </Suspense>
        <a href={url} target="_blank" rel="noreferrer">
          {t('desk.viewer.openNew')}
        </a>
      </div>
    );
  }
  if (!file.mime.startsWith('image/')) {
    return (
      <Typography.Paragraph>
        <a href={url} download>
          {t('desk.viewer.download', { name: file.label })}
        </a>
      </Typography.Paragraph>
    );
  }
  const scale = ZOOMS[zoom];
  const width = Math.round(stageWidth * scale);
  const height = Math.round(width * ratio);
  const sideways = turn % 180 !== 0;
  return (
    <div className="desk-viewer" role="region" aria-label={file.label}>
      <Space wrap className="desk-viewer__tools">
        <Button onClick={() => setZoom((z) => Math.max(0, z - 1))} disabled={zoom === 0}>
          {t('desk.viewer.zoomOut')}
        </Button>
        <span aria-live="polite">{Math.round(scale * 100)}%</span>
        <Button onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))} disabled={zoom === ZOOMS.length - 1}>
          {t('desk.viewer.zoomIn')}
        </Button>
        <Button onClick={() => setTurn((r) => (r + 90) % 360)}>{t('desk.viewer.rotate')}</Button>
        <Button
          onClick={() => {
            setZoom(2);
            setTurn(0);
          }}
        >
          {t('desk.viewer.reset')}
        </Button>
        <a href={url} target="_blank" rel="noreferrer">
          {t('desk.viewer.openNew')}
        </a>
      </Space>
      <div ref={stage} className="desk-viewer__stage" tabIndex={0} aria-label={t('desk.viewer.stage', { name: file.label })}>
        <div className="desk-viewer__box" style={{ width: sideways ? height : width, height: sideways ? width : height }}>
          <img
            src={url}
            alt={file.label}
            onError={() => setFailed(true)}
            onLoad={(e) => {
              const img = e.currentTarget;
              if (img.naturalWidth > 0) setRatio(img.naturalHeight / img.naturalWidth);
            }}
            style={{ width, height, transform: `translate(-50%, -50%) rotate(${turn}deg)` }}
            className="desk-viewer__img"
          />
        </div>
      </div>
    </div>
  );
}
