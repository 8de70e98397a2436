/**
 * The risk audio player on a native <audio> element (it keeps the pitch at 1.25x and 1.5x): play/pause, speed,
 * position and remaining time, up to RISK_AUDIO_RETRIES reloads after an audio error, the next track, and when a
 * track ends playback goes on with the next one, after the last with the first (spec part 3 §4; a single track
 * starts again). A track counts as heard when the element's played ranges cover it wholly (heardWholly): seeking
 * to the end does not count, `ended` is not looked at.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { RISK_AUDIO_RETRIES, heardFromStart, heardWholly } from '@core/domain/closing';
import type { RiskTrack } from '@core/api/risk';

export interface RiskPlayer {
  audioRef: RefObject<HTMLAudioElement | null>;
  track: RiskTrack | undefined;
  index: number;
  playing: boolean;
  position: number;
  duration: number;
  /** seconds heard from the start without a gap */
  heardSeconds: number;
  /** ids of the tracks heard wholly on this page */
  heard: ReadonlySet<string>;
  speed: number;
  /** the audio failed to load after the reloads */
  failed: boolean;
  toggle: () => void;
  setSpeed: (s: number) => void;
  nextTrack: () => void;
  retry: () => void;
  /** handlers for the <audio> element */
  events: {
    onLoadedMetadata: () => void;
    onTimeUpdate: () => void;
    onPlay: () => void;
    onPause: () => void;
    onEnded: () => void;
    onError: () => void;
  };
}

const rangesOf = (el: HTMLAudioElement): Array<[number, number]> => {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < el.played.length; i++) out.push([el.played.start(i), el.played.end(i)]);
  return out;
};

export function useRiskPlayer(tracks: readonly RiskTrack[]): RiskPlayer {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const [heardSeconds, setHeardSeconds] = useState(0);
  const [heard, setHeard] = useState<ReadonlySet<string>>(() => new Set());
  const [speed, setSpeedState] = useState(1);
  const [failed, setFailed] = useState(false);
  const reloads = useRef(0);
  const resumeAt = useRef(0);
  /** the track just changed because the one before ended: play it as soon as it can */
  const continuePlaying = useRef(false);
  /** ranges played before a reload (a reload empties the element's own) */
  const prior = useRef<Array<[number, number]>>([]);
  const track = tracks.length ? tracks[index % tracks.length] : undefined;
  const fallback = track ? track.durationMs / 1000 : 0;

  // a new track: start from its beginning at the chosen speed
  useEffect(() => {
    reloads.current = 0;
    resumeAt.current = 0;
    prior.current = [];
    setFailed(false);
    setPosition(0);
    setHeardSeconds(0);
    setDuration(fallback);
  }, [track?.id, fallback]);

  const read = useCallback(() => {
    const el = audioRef.current;
    if (!el || !track) return;
    const d = Number.isFinite(el.duration) && el.duration > 0 ? el.duration : fallback;
    const ranges = [...prior.current, ...rangesOf(el)];
    setPosition(el.currentTime);
    setDuration(d);
    setHeardSeconds(heardFromStart(ranges));
    if (heardWholly(ranges, d)) setHeard((h) => (h.has(track.id) ? h : new Set(h).add(track.id)));
  }, [track, fallback]);

  /** plays the element (a refused play, e.g. by the browser's autoplay rule, leaves it paused) */
  const start = (el: HTMLAudioElement) => {
    void Promise.resolve(el.play()).catch(() => setPlaying(false));
  };
  const toggle = () => {
    const el = audioRef.current;
    if (!el || failed) return;
    if (el.paused) start(el);
    else el.pause();
  };
  const setSpeed = (s: number) => {
    setSpeedState(s);
    if (audioRef.current) audioRef.current.playbackRate = s;
  };
  const nextTrack = () => {
    if (tracks.length > 1) setIndex((i) => (i + 1) % tracks.length);
  };
  const retry = () => {
    reloads.current = 0;
    setFailed(false);
    audioRef.current?.load();
  };

  return {
    audioRef,
    track,
    index: tracks.length ? index % tracks.length : 0,
    playing,
    position,
    duration,
    heardSeconds,
    heard,
    speed,
    failed,
    toggle,
    setSpeed,
    nextTrack,
    retry,
    events: {
      onLoadedMetadata: () => {
        const el = audioRef.current;
        if (!el) return;
        el.playbackRate = speed;
        if (resumeAt.current > 0) el.currentTime = resumeAt.current;
        read();
        if (continuePlaying.current) {
          continuePlaying.current = false;
          start(el);
        }
      },
      onTimeUpdate: read,
      onPlay: () => setPlaying(true),
      onPause: () => setPlaying(false),
      onEnded: () => {
        read();
        setPlaying(false);
        const el = audioRef.current;
        // playback goes on with the next track, after the last with the first (one track: from its start again)
        if (tracks.length > 1) {
          continuePlaying.current = true;
          setIndex((i) => (i + 1) % tracks.length);
        } else if (el) {
          el.currentTime = 0;
          setPosition(0);
          start(el);
        }
      },
      onError: () => {
        const el = audioRef.current;
        if (!el) return;
        setPlaying(false);
        if (reloads.current < RISK_AUDIO_RETRIES) {
          reloads.current += 1;
          resumeAt.current = el.currentTime || 0;
          prior.current = [...prior.current, ...rangesOf(el)];
          el.load();
        } else {
          setFailed(true);
        }
      },
    },
  };
}
