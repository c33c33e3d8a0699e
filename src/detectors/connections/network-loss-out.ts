import { networkLossDetector } from './network-loss.js';

export default networkLossDetector('networkLossOut', 'outbound');
