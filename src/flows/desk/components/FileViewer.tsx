/**
 * One file of the application in the page: an image or a PDF (the in-page viewer, react-pdf, loaded with the first
 * PDF opened, behind its error boundary: a PDF that cannot be had says so in the viewer with a retry), both with zoom, and images with rotate; anything else as a download. The case's keyboard shortcuts
 * drive it through its handle (zoom in and out, rotate, reset).
 */
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Alert, Button, Space, Spin, Typography } from 'antd';
import { useIntl } from 'react-intl';
import { staffFileUrl } from '@core/api/staff';
import { PdfView } from '@core/ui/pdf/PdfView';

export interface ViewedFile {
  ossId: string;
  mime: string;
  /** what the file is, for its accessible name: "HKID card, front" */
  label: string;
}

export interface ViewerHandle {
  zoomIn(): void;
  zoomOut(): void;
  rotate(): void;
  reset(): void;
}

/** the file's width as a share of the viewer's (the viewer scrolls past 100%); FIT is 100% */
const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3];
const FIT = 2;

export const FileViewer = forwardRef<ViewerHandle, { appId: string; file: ViewedFile }>(function FileViewer({ appId, file }, ref) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [zoom, setZoom] = useState(FIT);
  const [turn, setTurn] = useState(0);
  const [failed, setFailed] = useState(false);
  // the image's height to its width, and the stage's inner width: a turned image's box is sized to what it covers
  const [ratio, setRatio] = useState(0.63);
  const [stageWidth, setStageWidth] = useState(600);
  const stage = useRef<HTMLDivElement>(null);
  const pdf = file.mime === 'application/pdf';
  const image = file.mime.startsWith('image/');
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
    setZoom(FIT);
    setTurn(0);
    setFailed(false);
  }, [file.ossId]);
  const zoomIn = () => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1));
  const zoomOut = () => setZoom((z) => Math.max(0, z - 1));
  const rotate = () => image && setTurn((r) => (r + 90) % 360);
  const reset = () => {
    setZoom(FIT);
    setTurn(0);
  };
  useImperativeHandle(ref, () => ({ zoomIn, zoomOut, rotate, reset }));
  const url = staffFileUrl(appId, file.ossId);

  if (failed) return <Alert type="error" showIcon message={t('desk.viewer.failed')} />;
  if (!pdf && !image) {
    return (
      <Typography.Paragraph>
        <a href={url} download>
          {t('desk.viewer.download', { name: file.label })}
        </a>
      </Typography.Paragraph>
    );
  }
  // 100%: the viewer's width (a PDF's pages, an image)
  const scale = ZOOMS[zoom];
  const width = Math.round(stageWidth * scale);
  const height = Math.round(width * ratio);
  const sideways = turn % 180 !== 0;
  return (
    <div className={`desk-viewer${pdf ? ' desk-viewer--pdf' : ''}`} role="region" aria-label={file.label}>
      <Space wrap className="desk-viewer__tools">
        <Button onClick={zoomOut} disabled={zoom === 0} aria-keyshortcuts="-">
          {t('desk.viewer.zoomOut')}
        </Button>
        <span aria-live="polite">{Math.round(scale * 100)}%</span>
        <Button onClick={zoomIn} disabled={zoom === ZOOMS.length - 1} aria-keyshortcuts="+">
          {t('desk.viewer.zoomIn')}
        </Button>
        {image ? (
          <Button onClick={rotate} aria-keyshortcuts="r">
            {t('desk.viewer.rotate')}
          </Button>
        ) : null}
        <Button onClick={reset} aria-keyshortcuts="0">
          {t('desk.viewer.reset')}
        </Button>
        <a href={url} target="_blank" rel="noreferrer">
          {t('desk.viewer.openNew')}
        </a>
      </Space>
      <div ref={stage} className="desk-viewer__stage" tabIndex={0} aria-label={t('desk.viewer.stage', { name: file.label })}>
        {pdf ? (
          <PdfView
            url={url}
            scale={scale}
            loading={<Space><Spin /><span>{t('desk.viewer.loading')}</span></Space>}
            pageLabel={(n, total) => t('desk.viewer.page', { n, total })}
            renderFailure={(_failure, retry) => (
              <Alert type="error" showIcon message={t('desk.viewer.failed')} action={<Button onClick={retry}>{t('desk.retry')}</Button>} />
            )}
          />
        ) : (
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
        )}
      </div>
    </div>
  );
});
