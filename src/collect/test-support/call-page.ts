/**
 * The page of the real-client test: a call between two peer connections in one page (audio and
 * video from Chromium's fake devices), recorded by a collecting client that streams to callscope.
 *
 * `V3_RECORDER` speaks rtcstats-js's wire protocol (subprotocol rtcstats#5.0), written from its
 * published file format (the rtcstats-server README): `[method, connection, value, ...extra, delta]`,
 * method ids from the format's table, the time since the previous record last (the first
 * absolute), getStats uncompressed (the format lets clients leave delta compression out). Its
 * package is not on the npm registry, so this recorder stands in for it.
 */

export const CALL_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>collect test call</title></head>
<body><script src="/client.js"></script><script>
window.runCall = async function (seconds) {
  const pc1 = new RTCPeerConnection();
  const pc2 = new RTCPeerConnection();
  pc1.onicecandidate = (e) => e.candidate && pc2.addIceCandidate(e.candidate);
  pc2.onicecandidate = (e) => e.candidate && pc1.addIceCandidate(e.candidate);
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: { width: 640, height: 360 } });
  for (const track of stream.getTracks()) pc1.addTrack(track, stream);
  const offer = await pc1.createOffer();
  await pc1.setLocalDescription(offer);
  await pc2.setRemoteDescription(offer);
  const answer = await pc2.createAnswer();
  await pc2.setLocalDescription(answer);
  await pc1.setRemoteDescription(answer);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  window.stopCall = () => { pc1.close(); pc2.close(); for (const t of stream.getTracks()) t.stop(); };
  return pc1.connectionState;
};
</script></body></html>`;

/** The fippo/rtcstats 5.x client, wrapped for a page without a bundler (as the dumpgen tool does). */
export function wrapRtcstats(main: string, traceWs: string, wsUrl: string): string {
  const wrap = (src: string, name: string) =>
    `(function(){var module={exports:{}};(function(module,exports){\n${src}\n})(module,module.exports);window.${name}=module.exports;})();\n`;
  return `${wrap(main, 'rtcstatsInit')}${wrap(traceWs, 'rtcstatsTraceWs')}
window.collector = window.rtcstatsTraceWs(${JSON.stringify(wsUrl)});
// rtcstats 5.x takes a browser with navigator.webkitGetUserMedia for an old Chrome and asks for the
// callback getStats(), which Chrome removed: hidden while it wraps the API (as docs/collect.md says).
const desc = Object.getOwnPropertyDescriptor(Navigator.prototype, 'webkitGetUserMedia');
if (desc) delete Navigator.prototype.webkitGetUserMedia;
window.rtcstatsInit(window.collector, 1000, ['']);
if (desc) Object.defineProperty(Navigator.prototype, 'webkitGetUserMedia', desc);
window.endCollect = () => window.collector.close();
`;
}

export function v3Recorder(wsUrl: string): string {
  return `(function () {
  const METHODS = { create: 39, createOffer: 2, createOfferOnSuccess: 3, createAnswer: 4, createAnswerOnSuccess: 5,
    setLocalDescription: 6, setLocalDescriptionOnSuccess: 7, setRemoteDescription: 8, setRemoteDescriptionOnSuccess: 9,
    addIceCandidate: 10, addIceCandidateOnSuccess: 11, onicecandidate: 20, ontrack: 22, onsignalingstatechange: 23,
    oniceconnectionstatechange: 24, onconnectionstatechange: 25, onicegatheringstatechange: 26, addTrack: 30,
    close: 36, 'navigator.mediaDevices.getUserMedia': 60, 'navigator.mediaDevices.getUserMediaOnSuccess': 61 };
  const buffer = [];
  let last = 0;
  const ws = new WebSocket(${JSON.stringify(wsUrl)}, 'rtcstats#5.0');
  ws.onopen = () => { while (buffer.length) ws.send(buffer.shift()); };
  function trace(method, pcId, value, ...extra) {
    const now = Date.now();
    const frame = JSON.stringify([METHODS[method] ?? method, pcId, value, ...extra, now - last]);
    last = now;
    if (ws.readyState === 1) ws.send(frame); else buffer.push(frame);
  }
  window.endCollect = () => ws.close();
  trace('create', null, { hardwareConcurrency: navigator.hardwareConcurrency, userAgentData: navigator.userAgentData });
  const gum = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    trace('navigator.mediaDevices.getUserMedia', null, constraints, '60-0');
    const stream = await gum(constraints);
    trace('navigator.mediaDevices.getUserMediaOnSuccess', null,
      stream.getTracks().map((t) => [t.kind, t.id, t.label, stream.id]), '60-0');
    return stream;
  };
  const Native = window.RTCPeerConnection;
  let count = 0;
  window.RTCPeerConnection = function (config) {
    const pc = new Native(config);
    const id = 'PC_' + count++;
    trace('create', id, config || {});
    const STATES = { signalingstatechange: 'signalingState', iceconnectionstatechange: 'iceConnectionState',
      connectionstatechange: 'connectionState', icegatheringstatechange: 'iceGatheringState' };
    for (const [ev, state] of Object.entries(STATES)) pc.addEventListener(ev, () => trace('on' + ev, id, pc[state]));
    pc.addEventListener('icecandidate', (e) => trace('onicecandidate', id, e.candidate ? e.candidate.toJSON() : null));
    pc.addEventListener('track', (e) => trace('ontrack', id, [e.track.kind, e.track.id, e.track.label, ...e.streams.map((s) => s.id)]));
    let n = 0;
    for (const method of ['createOffer', 'createAnswer', 'setLocalDescription', 'setRemoteDescription', 'addIceCandidate']) {
      const native = pc[method].bind(pc);
      pc[method] = async (arg) => {
        const corr = METHODS[method] + '-' + n++;
        trace(method, id, arg === undefined ? null : arg, corr);
        const result = await native(arg);
        trace(method + 'OnSuccess', id, result === undefined ? null : result, corr);
        return result;
      };
    }
    const addTrack = pc.addTrack.bind(pc);
    pc.addTrack = (track, ...streams) => { trace('addTrack', id, [track.id, ...streams.map((s) => s.id)]); return addTrack(track, ...streams); };
    const close = pc.close.bind(pc);
    pc.close = () => { trace('close', id, null); clearInterval(timer); close(); };
    let polling = false;
    const timer = setInterval(async () => {
      if (!polling && pc.connectionState !== 'connected' && pc.connectionState !== 'failed') return;
      polling = true;
      const report = {};
      (await pc.getStats()).forEach((r) => { report[r.id] = r; });
      trace('getStats', id, report);
    }, 1000);
    return pc;
  };
  window.RTCPeerConnection.prototype = Native.prototype;
})();
`;
}

/**
 * `@jitsi/rtcstats` (bundled by jitsi-bundle.ts) set up as lib-jitsi-meet does: the API wrapped
 * with `rtcstatsInit`, a `trace-ws` transport to the collect URL (it appends the meeting and
 * `?statsSessionId=`), the app's ids sent with `trace.identity`, `trace.close()` when the
 * conference is left (close code 3001). `sendSdp` as jitsi-meet's `rtcstatsSendSdp`.
 */
export function jitsiClient(
  bundle: string,
  wsUrl: string,
  options: { sendSdp: boolean; meeting: string; identity: Record<string, string> },
): string {
  return `${bundle}
(function () {
  const { rtcstatsInit, traceInit } = window.jitsiRtcstats;
  window.collectClosed = [];
  const trace = traceInit({
    endpoint: ${JSON.stringify(wsUrl)},
    meetingFqn: ${JSON.stringify(options.meeting)},
    onCloseCallback: (e) => window.collectClosed.push(e),
    useLegacy: false,
  });
  rtcstatsInit(trace, { pollInterval: 1000, useLegacy: false, sendSdp: ${options.sendSdp} });
  trace.connect(false);
  trace.identity('identity', null, ${JSON.stringify(options.identity)});
  window.endCollect = () => trace.close();
})();
`;
}
