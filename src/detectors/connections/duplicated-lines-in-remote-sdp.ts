import { duplicatedLinesDetector } from './duplicated-lines.js';

export default duplicatedLinesDetector('remote');
