/**
 * Signing vectors of reference §6 (/work/shared/reference/hyperliquid.md), verbatim and in ONE
 * place for the client tests and the simulator tests: the python SDK's tests/signing_test.py
 * (with the connectionIds computed there), nktkas/hyperliquid's tests/signing/mod.test.ts, and
 * the approveAgent vectors computed for the reference.
 *
 * r/s are the 32-byte padded forms. The python SDK writes r/s without leading zeros (`r_py`,
 * `s_py` in the reference); derive those with {@link unpadSignature} rather than copying them.
 *
 * Lives under `testing/` so it is excluded from the package build.
 */

/** A secp256k1 signature as the venue receives it. */
export type Sig = { r: `0x${string}`; s: `0x${string}`; v: 27 | 28 };

/**
 * Strips leading zero nibbles from a 0x-hex quantity the way python's `to_hex` prints it:
 * `unpadHex('0x053749…') → '0x53749…'`, `unpadHex('0x003c…') → '0x3c…'`, `unpadHex('0x00') → '0x0'`.
 */
export function unpadHex(hex: `0x${string}`): `0x${string}` {
  return `0x${hex.slice(2).replace(/^0+(?=.)/, '')}`;
}

/** The python SDK's (unpadded) form of a signature: r and s through {@link unpadHex}. */
export function unpadSignature(sig: Sig): Sig {
  return { r: unpadHex(sig.r), s: unpadHex(sig.s), v: sig.v };
}

/** Key and address of the python SDK's signing tests. */
export const PY_KEY = '0x0123456789012345678901234567890123456789012345678901234567890123' as const;
/** Address of {@link PY_KEY}. */
export const PY_ADDRESS = '0x14791697260E4c9A71f18484C9f997B308e59325';

/** One python L1 vector. */
export interface PyL1Vector {
  name: string;
  action: Record<string, unknown>;
  nonce: number;
  vault: `0x${string}` | null;
  connectionId: `0x${string}`;
  mainnet?: Sig;
  testnet?: Sig;
}

/** Python SDK L1 vectors. */
export const PY_L1: PyL1Vector[] = [
  {
    name: 'phantom_agent_eth_ioc',
    action: { type: 'order', orders: [{ a: 4, b: true, p: '1670.1', s: '0.0147', r: false, t: { limit: { tif: 'Ioc' } } }], grouping: 'na' },
    nonce: 1677777606040,
    vault: null,
    connectionId: '0x0fcbeda5ae3c4950a548021552a4fea2226858c4453571bf3f24ba017eac2908',
  },
  {
    name: 'dummy',
    action: { type: 'dummy', num: 100000000000 },
    nonce: 0,
    vault: null,
    connectionId: '0xf528daee6a0bd11407b483cfcd9a48c56884180b70ee86f124053e5fc1bf4d57',
    mainnet: {
      r: '0x053749d5b30552aeb2fca34b530185976545bb22d0b3ce6f62e31be961a59298',
      s: '0x755c40ba9bf05223521753995abb2f73ab3229be8ec921f350cb447e384d8ed8',
      v: 27,
    },
    testnet: {
      r: '0x542af61ef1f429707e3c76c5293c80d01f74ef853e34b76efffcb57e574f9510',
      s: '0x17b8b32f086e8cdede991f1e2c529f5dd5297cbe8128500e00cbaf766204a613',
      v: 28,
    },
  },
  {
    name: 'dummy_with_vault',
    action: { type: 'dummy', num: 100000000000 },
    nonce: 0,
    vault: '0x1719884eb866cb12b2287399b15f7db5e7d775ea',
    connectionId: '0xde9e09a7a3da45cc694096d4bfdcd89bc1b892d05497c5ecc1f56c335945184c',
    mainnet: {
      r: '0x003c548db75e479f8012acf3000ca3a6b05606bc2ec0c29c50c515066a326239',
      s: '0x4d402be7396ce74fbba3795769cda45aec00dc3125a984f2a9f23177b190da2c',
      v: 28,
    },
    testnet: {
      r: '0xe281d2fb5c6e25ca01601f878e4d69c965bb598b88fac58e475dd1f5e56c362b',
      s: '0x7ddad27e9a238d045c035bc606349d075d5c5cd00a6cd1da23ab5c39d4ef0f60',
      v: 27,
    },
  },
  {
    name: 'order_gtc',
    action: { type: 'order', orders: [{ a: 1, b: true, p: '100', s: '100', r: false, t: { limit: { tif: 'Gtc' } } }], grouping: 'na' },
    nonce: 0,
    vault: null,
    connectionId: '0x884f2c32bb6dbdd65f6033e32fb28c0cb6f5b345db0f6471fd3366d85c9252c1',
    mainnet: {
      r: '0xd65369825a9df5d80099e513cce430311d7d26ddf477f5b3a33d2806b100d78e',
      s: '0x2b54116ff64054968aa237c20ca9ff68000f977c93289157748a3162b6ea940e',
      v: 28,
    },
    testnet: {
      r: '0x82b2ba28e76b3d761093aaded1b1cdad4960b3af30212b343fb2e6cdfa4e3d54',
      s: '0x6b53878fc99d26047f4d7e8c90eb98955a109f44209163f52d8dc4278cbbd9f5',
      v: 27,
    },
  },
  {
    name: 'order_gtc_cloid',
    action: {
      type: 'order',
      orders: [{ a: 1, b: true, p: '100', s: '100', r: false, t: { limit: { tif: 'Gtc' } }, c: '0x00000000000000000000000000000001' }],
      grouping: 'na',
    },
    nonce: 0,
    vault: null,
    connectionId: '0x0ba500cedd8f4ba6ded620a0b1cd04f124d9ba745e2e2893fcc763bcc1444af5',
    mainnet: {
      r: '0x041ae18e8239a56cacbc5dad94d45d0b747e5da11ad564077fcac71277a946e3',
      s: '0x3c61f667e747404fe7eea8f90ab0e76cc12ce60270438b2058324681a00116da',
      v: 27,
    },
    testnet: {
      r: '0xeba0664bed2676fc4e5a743bf89e5c7501aa6d870bdb9446e122c9466c5cd16d',
      s: '0x7f3e74825c9114bc59086f1eebea2928c190fdfbfde144827cb02b85bbe90988',
      v: 28,
    },
  },
  {
    name: 'order_sl_trigger',
    action: {
      type: 'order',
      orders: [{ a: 1, b: true, p: '100', s: '100', r: false, t: { trigger: { isMarket: true, triggerPx: '103', tpsl: 'sl' } } }],
      grouping: 'na',
    },
    nonce: 0,
    vault: null,
    connectionId: '0x430a86fb9876e901920d931f5bb20c9d011f6389bd179f39a73c09e6219adcad',
    mainnet: {
      r: '0x98343f2b5ae8e26bb2587daad3863bc70d8792b09af1841b6fdd530a2065a3f9',
      s: '0x6b5bb6bb0633b710aa22b721dd9dee6d083646a5f8e581a20b545be6c1feb405',
      v: 27,
    },
    testnet: {
      r: '0x971c554d917c44e0e1b6cc45d8f9404f32172a9d3b3566262347d0302896a2e4',
      s: '0x206257b104788f80450f8e786c329daa589aa0b32ba96948201ae556d5637eac',
      v: 28,
    },
  },
  {
    name: 'createSubAccount',
    action: { type: 'createSubAccount', name: 'example' },
    nonce: 0,
    vault: null,
    connectionId: '0x9a7b5272baf65d28b0589bd50863a42ac35897553a6beb274e625b6faf7d6bb1',
    mainnet: {
      r: '0x51096fe3239421d16b671e192f574ae24ae14329099b6db28e479b86cdd6caa7',
      s: '0x0b71f7d293af92d3772572afb8b102d167a7cef7473388286bc01f52a5c5b423',
      v: 27,
    },
    testnet: {
      r: '0xa699e3ed5c2b89628c746d3298b5dc1cca604694c2c855da8bb8250ec8014a5b',
      s: '0x53f1b8153a301c72ecc655b1c315d64e1dcea3ee58921fd7507e35818fcc1584',
      v: 28,
    },
  },
  {
    name: 'subAccountTransfer',
    action: { type: 'subAccountTransfer', subAccountUser: '0x1d9470d4b963f552e6f671a81619d395877bf409', isDeposit: true, usd: 10 },
    nonce: 0,
    vault: null,
    connectionId: '0xd12f71eba9e3e792812bfdf01a6a92f4d4016bb0541e850b41f770891c0cc447',
    mainnet: {
      r: '0x43592d7c6c7d816ece2e206f174be61249d651944932b13343f4d13f306ae602',
      s: '0x71a926cb5c9a7c01c3359ec4c4c34c16ff8107d610994d4de0e6430e5cc0f4c9',
      v: 28,
    },
    testnet: {
      r: '0xe26574013395ad55ee2f4e0575310f003c5bb3351b5425482e2969fa51543927',
      s: '0x0efb08999196366871f919fd0e138b3a7f30ee33e678df7cfaf203e25f0a4278',
      v: 28,
    },
  },
  {
    name: 'scheduleCancel_unset',
    action: { type: 'scheduleCancel' },
    nonce: 0,
    vault: null,
    connectionId: '0xa2887a3147b6542306b61d311a056fd1753913d63cc904f30cba61712a98f4ae',
    mainnet: {
      r: '0x6cdfb286702f5917e76cd9b3b8bf678fcc49aec194c02a73e6d4f16891195df9',
      s: '0x6557ac307fa05d25b8d61f21fb8a938e703b3d9bf575f6717ba21ec61261b2a0',
      v: 27,
    },
    testnet: {
      r: '0xc75bb195c3f6a4e06b7d395acc20bbb224f6d23ccff7c6a26d327304e6efaeed',
      s: '0x342f8ede109a29f2c0723bd5efb9e9100e3bbb493f8fb5164ee3d385908233df',
      v: 28,
    },
  },
  {
    name: 'scheduleCancel_time',
    action: { type: 'scheduleCancel', time: 123456789 },
    nonce: 0,
    vault: null,
    connectionId: '0x4be18e445114437c5d1d9dd35a09f5601a3cc34ed4ac94a0281251b9bd8f6832',
    mainnet: {
      r: '0x609cb20c737945d070716dcc696ba030e9976fcf5edad87afa7d877493109d55',
      s: '0x16c685d63b5c7a04512d73f183b3d7a00da5406ff1f8aad33f8ae2163bab758b',
      v: 28,
    },
    testnet: {
      r: '0x4e4f2dbd4107c69783e251b7e1057d9f2b9d11cee213441ccfa2be63516dc5bc',
      s: '0x706c656b23428c8ba356d68db207e11139ede1670481a9e01ae2dfcdb0e1a678',
      v: 27,
    },
  },
];

/** Python SDK user-signed vectors (testnet, signatureChainId 0x66eee). */
export const PY_USER_SIGNED = {
  destination: '0x5e9ee1089755c3435139848e47e6635505d5a13a',
  amount: '1',
  time: 1687816341423,
  usdSend: {
    r: '0x637b37dd731507cdd24f46532ca8ba6eec616952c56218baeff04144e4a77073',
    s: '0x11a6a24900e6e314136d2592e2f8d502cd89b7c15b198e1bee043c9589f9fad7',
    v: 27,
  } as Sig,
  withdraw: {
    r: '0x8363524c799e90ce9bc41022f7c39b4e9bdba786e5f9c72b20e43e1462c37cf9',
    s: '0x58b1411a775938b83e29182e8ef74975f9054c8e97ebf5ec2dc8d51bfc893881',
    v: 28,
  } as Sig,
};

/** nktkas/hyperliquid test key and address. */
export const NK_KEY = '0x822e9959e022b78423eb653a62ea0020cd283e71a2a8133a6ff2aeffaf373cff' as const;
/** Address of {@link NK_KEY}. */
export const NK_ADDRESS = '0xE5cA49Fb3bD9A581F0D1EF9CB5D7177Da08bf901';

/** nk L1 vector: one order, four vault/expiry combinations, both networks. */
export const NK_L1 = {
  order: { a: 0, b: true, p: '30000', s: '0.1', r: false, t: { limit: { tif: 'Gtc' as const } } },
  nonce: 1234567890,
  vaultAddress: '0x1234567890123456789012345678901234567890' as const,
  expiresAfter: 1234567890,
  hash: {
    base: '0x25367e0dba84351148288c2233cd6130ed6cec5967ded0c0b7334f36f957cc90',
    withVault: '0x214e2ea3270981b6fd18174216691e69f56872663139d396b10ded319cb4bb1e',
    withExpires: '0xc30b002ba3775e4c31c43c1dfd3291dfc85c6ae06c6b9f393991de86cad5fac7',
    withBoth: '0x2d62412aa0fc57441b5189841d81554a6a9680bf07204e1454983a9ca44f0744',
  },
  signature: {
    mainnet: {
      base: {
        r: '0x61078d8ffa3cb591de045438a1ae2ed299b271891d1943a33901e7cfb3a31ed8',
        s: '0x0e91df4f9841641d3322dad8d932874b74d7e082cdb5b533f804964a6963aef9',
        v: 28,
      },
      withVault: {
        r: '0x77151b3ae29b83c8affb3791568c6452019ba8c30019236003abb1efcd809433',
        s: '0x55668c02f6ad4a1c335ce99987b7545984c4edc1765fe52cf115a423dc8279bb',
        v: 27,
      },
      withExpires: {
        r: '0x162a52128fb58bc6adb783e3d36913c53127851144fc45c5603a51e97b9202fd',
        s: '0x469571eb0a2101a32f81f9584e15fd35c723a6089e106f4f33798dbccf7cd416',
        v: 28,
      },
      withBoth: {
        r: '0x78fcca006d7fdfaf1f66978ef7a60280246fc3e7a5b39a68a1656c3e42c58bf1',
        s: '0x61a09957de7f0886c2bdffb7a94e3a257bf240796883ea6ceaf4d0be37055cdd',
        v: 27,
      },
    },
    testnet: {
      base: {
        r: '0x6b0283a894d87b996ad0182b86251cc80d27d61ef307449a2ed249a508ded1f7',
        s: '0x6f884e79f4a0a10af62db831af6f8e03b3f11d899eb49b352f836746ee9226da',
        v: 27,
      },
      withVault: {
        r: '0x294a6cf713483c129be9af5c7450aca59c9082f391f02325715c0d04b7f48ac1',
        s: '0x119cfd947dcd2da1d1064a9d08bcf07e01fc9b72dd7cca69a988c74249e300f0',
        v: 27,
      },
      withExpires: {
        r: '0x5094989a7c0317db6553f21dd7f90d43415e8bd01af03829de249d4ea0aa5f66',
        s: '0x491d04966e81662bd4e70d607fac30e71803c01733f4f66ff7299b0470675b8b',
        v: 27,
      },
      withBoth: {
        r: '0x3a0bbbd9fadca54f58a2b7050899cecb97f68b2f693c63e91ca60510427326d7',
        s: '0x60f75f12cae7b9dc18b889406192afcaf13f40d2f8c68cc01f7f83f3fb5deb23',
        v: 27,
      },
    },
  } satisfies Record<'mainnet' | 'testnet', Record<'base' | 'withVault' | 'withExpires' | 'withBoth', Sig>>,
};

/** nk user-signed vector (usdSend, mainnet, 0x66eee). */
export const NK_USD_SEND = {
  destination: '0x1234567890123456789012345678901234567890',
  amount: '1000',
  time: 1234567890,
  signature: {
    r: '0xf777c38efe7c24cc71209526ae608f4e384d0586edf578f0e97b4b9f7c7adcc6',
    s: '0x104a4a97c48ae77bf5bd777bdd45fe72d8f5ff29116b5ff64fd8cfe4ea610786',
    v: 28,
  } as Sig,
};

/** nk multi-sig vectors (mainnet, nonce 1234567890, signatureChainId 0x66eee). */
export const NK_MULTI_SIG = {
  multiSigUser: '0x1234567890123456789012345678901234567890' as const,
  nonce: 1234567890,
  l1: {
    inner: {
      r: '0x12a4e2b7cfc2b5fc3d1e7847573de88bf1172731392be62fa6a9f2de3772b5ba',
      s: '0x565f4ad818ae04b26624e548ed3d2a9d5a41a8b6460cfc1555a0fe07d6a56121',
      v: 27,
    } as Sig,
    outer: {
      r: '0x6ce5dcb0b71db89f2b94f1427533013457e93d9b3f2b3d2b84bf8a0cb0ec008f',
      s: '0x04e8981a177b328bebaae28598827f0aeee8be5b6f62756d81f6e71830c2103d',
      v: 28,
    } as Sig,
  },
  userSigned: {
    inner: {
      r: '0xccc3921f376f76abb13fbc2892808acea98fa7471633c103430f407f75b64375',
      s: '0x5b8f3608927dddafdc6b8a9a7ee95177caa9eb3e00c81af21892cb80b2bcfb15',
      v: 28,
    } as Sig,
    outer: {
      r: '0x8927ad27b2ee54f6c4d6fb2ae4841835dd3c82c705a0afd055c8ce75ae3f4130',
      s: '0x7b555ee328026846560fed75501b1af2c4774636d5e06f09fe8c9faee9ee4075',
      v: 27,
    } as Sig,
  },
};

/** approveAgent vectors computed for the reference (master = {@link PY_KEY}, testnet). */
export const APPROVE_AGENT = {
  agentAddress: '0x5e9ee1089755c3435139848e47e6635505d5a13a' as const,
  nonce: 1700000000000,
  named: {
    agentName: 'bot valid_until 1710000000000',
    chainId: '0x1' as const,
    sig: {
      r: '0x0ac288af8db13388076ab473d6891a6fbba8dd8ae4ffe0d036b88acaadc7f0d7',
      s: '0x366ec024afb88340ce605cb444c8bbcb3c907805c5c5df2789e7ad6e66359c3b',
      v: 28,
    } as Sig,
  },
  unnamed: {
    chainId: '0x1' as const,
    sig: {
      r: '0x8ead0286c2c29057c6df060b245615f5bb114caab5483bfb3248c532bdd7445e',
      s: '0x686f0ea4656ef05940348ab96569663e8aabcb90dd10bd769ba467fa236ab696',
      v: 28,
    } as Sig,
  },
  unnamed66eee: {
    chainId: '0x66eee' as const,
    sig: {
      r: '0x524862e2b34223c4eb528fc24097be7cfc62eae3341856ee0eb2146948511ad6',
      s: '0x5fe72cee4d895e2632e457f9b42ee7688b3737950e188cd6a936713b992cf109',
      v: 28,
    } as Sig,
  },
};
