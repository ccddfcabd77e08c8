// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TestDiamond} from "./TestDiamond.sol";

/// A stand-in for the marketplace Diamond with the exact events and view-struct layouts of
/// CHAIN.md. Seeding functions write many sessions per transaction with explicit timestamps,
/// so that a local chain can hold months of history in a few blocks. Fault switches make the
/// views revert, to exercise the indexer's handling of bad data. Closes are counted per
/// (model, provider) like the real contract's getProviderModelStats; a close can be made
/// silently (no SessionClosed log), so that an audit can be shown a missing close. Bids are
/// posted and deleted by the real contract's rules (postModelBid, deleteModelBid: see the bids
/// section), or written without a log (setBid) as bids posted before an index starts. It is a
/// diamond (TestDiamond.sol): a cut can replace or remove the `routed` views, as on the real one.
/// `sessions` and `bids` stay the first state variables: the test facets
/// (tooling/contracts/TestFacets.sol) read them at slots 0 and 1. The router's views
/// (getModelStats, getProvider, getProviderMinimumStake, getModelActiveBids: CHAIN.md) follow the
/// real contract (see the router's section at the end); a signed close with a receipt the real
/// contract refuses updates the running means all the same (receiptMeans).
contract TestMarketplace is TestDiamond {
    struct Session {
        address user;
        bytes32 bidId;
        uint256 stake;
        bytes closeoutReceipt;
        uint256 closeoutType;
        uint256 providerWithdrawnAmount;
        uint128 openedAt;
        uint128 endsAt;
        uint128 closedAt;
        bool isActive;
        bool isDirectPaymentFromUser;
    }

    struct Bid {
        address provider;
        bytes32 modelId;
        uint256 pricePerSecond;
        uint256 nonce;
        uint128 createdAt;
        uint128 deletedAt;
    }

    struct Model {
        bytes32 ipfsCID;
        uint256 fee;
        uint256 stake;
        address owner;
        string name;
        string[] tags;
        uint128 createdAt;
        bool isDeleted;
    }

    struct OpenInput {
        bytes32 sessionId;
        address user;
        bytes32 bidId;
        uint256 stake;
        uint128 openedAt;
        uint128 endsAt;
    }

    struct CloseInput {
        bytes32 sessionId;
        bytes receipt;
        uint256 closeoutType;
        uint128 closedAt;
        /// Close without emitting SessionClosed: the counters count it, no index ever sees it.
        bool silent;
    }

    struct SD {
        int64 mean;
        int64 sqSum;
    }

    struct ProviderModelStats {
        SD tpsScaled1000;
        SD ttftMs;
        uint32 totalDuration;
        uint32 successCount;
        uint32 totalCount;
    }

    event SessionOpened(address indexed user, bytes32 indexed sessionId, address indexed providerId);
    event SessionClosed(address indexed user, bytes32 indexed sessionId, address indexed providerId);

    mapping(bytes32 => Session) private sessions;
    mapping(bytes32 => Bid) private bids;
    mapping(bytes32 => Model) private models;
    mapping(bytes32 => bool) public sessionReverts;
    mapping(bytes32 => bool) public bidReverts;
    mapping(bytes32 => bool) public modelReverts;
    mapping(bytes32 => mapping(address => ProviderModelStats)) private stats;
    /// A deployment without getProviderModelStats: calls to it revert.
    bool public statsUnavailable;

    function getSession(bytes32 sessionId) external view routed returns (Session memory) {
        require(!sessionReverts[sessionId], "session unavailable");
        return sessions[sessionId];
    }

    function getBid(bytes32 bidId) external view routed returns (Bid memory) {
        require(!bidReverts[bidId], "bid unavailable");
        return bids[bidId];
    }

    function getModel(bytes32 modelId) external view routed returns (Model memory) {
        require(!modelReverts[modelId], "model unavailable");
        return models[modelId];
    }

    /// The counters of closeSession (CHAIN.md): every close counts; a signed one (closeoutType 0)
    /// also counts as a success, adds closedAt - openedAt and updates the running means (setStats).
    function getProviderModelStats(bytes32 modelId, address provider)
        external
        view
        routed
        returns (ProviderModelStats memory)
    {
        require(!statsUnavailable, "no such function");
        return stats[modelId][provider];
    }

    function setStatsUnavailable(bool unavailable) external {
        statsUnavailable = unavailable;
    }

    /// Sets a model's name from raw bytes, so that tests can store names that are not valid UTF-8.
    function setModel(bytes32 modelId, bytes calldata name) external {
        Model storage m = models[modelId];
        m.name = string(name);
        m.owner = msg.sender;
        if (m.createdAt == 0) m.createdAt = uint128(block.timestamp);
    }

    /// A bid written without a log, with the createdAt it is given (0: the record says nothing of
    /// its posting): a bid posted before an index starts, or a deployment that logs nothing.
    function setBid(bytes32 bidId, address provider, bytes32 modelId, uint256 pricePerSecond, uint128 createdAt)
        external
    {
        removeActiveBid(bids[bidId].modelId, bidId);
        bids[bidId] = Bid(provider, modelId, pricePerSecond, 0, createdAt, 0);
        if (createdAt != 0) addActiveBid(modelId, bidId);
    }

    function setReverts(bytes32 id, bool session, bool bid, bool model) external {
        sessionReverts[id] = session;
        bidReverts[id] = bid;
        modelReverts[id] = model;
    }

    function openMany(OpenInput[] calldata inputs) external {
        for (uint256 i = 0; i < inputs.length; i++) {
            OpenInput calldata o = inputs[i];
            Session storage s = sessions[o.sessionId];
            s.user = o.user;
            s.bidId = o.bidId;
            s.stake = o.stake;
            s.openedAt = o.openedAt == 0 ? uint128(block.timestamp) : o.openedAt;
            s.endsAt = o.endsAt;
            s.isActive = true;
            emit SessionOpened(o.user, o.sessionId, bids[o.bidId].provider);
        }
    }

    function closeMany(CloseInput[] calldata inputs) external {
        for (uint256 i = 0; i < inputs.length; i++) {
            CloseInput calldata c = inputs[i];
            Session storage s = sessions[c.sessionId];
            s.closeoutReceipt = c.receipt;
            s.closeoutType = c.closeoutType;
            s.closedAt = c.closedAt == 0 ? uint128(block.timestamp) : c.closedAt;
            s.isActive = false;
            Bid storage bid = bids[s.bidId];
            stats[bid.modelId][bid.provider].totalCount += 1;
            if (c.closeoutType == 0) setStats(bid.modelId, bid.provider, s, c.receipt);
            if (!c.silent) emit SessionClosed(s.user, c.sessionId, bid.provider);
        }
    }

    /// Emits a SessionClosed log without touching storage: a log whose session state disagrees.
    function emitClosed(address user, bytes32 sessionId, address provider) external {
        emit SessionClosed(user, sessionId, provider);
    }

    // ---- The diamond (TestDiamond.sol): the views a cut can replace or remove ----

    function ownSelectors() internal pure override returns (bytes4[] memory own) {
        own = new bytes4[](8);
        own[0] = this.getSession.selector;
        own[1] = this.getBid.selector;
        own[2] = this.getModel.selector;
        own[3] = this.getProviderModelStats.selector;
        own[4] = this.getModelStats.selector;
        own[5] = this.getProvider.selector;
        own[6] = this.getProviderMinimumStake.selector;
        own[7] = this.getModelActiveBids.selector;
    }

    // ---- Bids by the real contract's rules (its Marketplace facet), for a living order book ----

    event MarketplaceBidPosted(address indexed provider, bytes32 indexed modelId, uint256 nonce);
    event MarketplaceBidDeleted(address indexed provider, bytes32 indexed modelId, uint256 nonce);

    /// The next nonce of each (provider, model) pair, by keccak256(abi.encodePacked(provider, modelId)).
    mapping(bytes32 => uint256) private providerModelNonce;

    /// postModelBid of the real contract, posted for `provider` (one seeding account posts for all):
    /// the pair's next nonce; bidId = keccak256(abi.encodePacked(provider, modelId, nonce)); the
    /// pair's active bid deleted in the same transaction (MarketplaceBidDeleted, then
    /// MarketplaceBidPosted); createdAt the block time.
    function postModelBid(address provider, bytes32 modelId, uint256 pricePerSecond) external returns (bytes32 bidId) {
        uint256 nonce = providerModelNonce[keccak256(abi.encodePacked(provider, modelId))]++;
        bidId = keccak256(abi.encodePacked(provider, modelId, nonce));
        if (nonce != 0) {
            bytes32 oldBidId = keccak256(abi.encodePacked(provider, modelId, nonce - 1));
            if (isBidActive(oldBidId)) deleteBid(oldBidId);
        }
        Bid storage bid = bids[bidId];
        bid.provider = provider;
        bid.modelId = modelId;
        bid.pricePerSecond = pricePerSecond;
        bid.nonce = nonce;
        bid.createdAt = uint128(block.timestamp);
        addActiveBid(modelId, bidId);
        emit MarketplaceBidPosted(provider, modelId, nonce);
    }

    /// deleteModelBid of the real contract: an active bid only; it keeps its record, getBid shows
    /// deletedAt (the block time).
    function deleteModelBid(bytes32 bidId) external {
        require(isBidActive(bidId), "no active bid");
        deleteBid(bidId);
    }

    function isBidActive(bytes32 bidId) public view returns (bool) {
        return bids[bidId].createdAt != 0 && bids[bidId].deletedAt == 0;
    }

    function deleteBid(bytes32 bidId) private {
        Bid storage bid = bids[bidId];
        bid.deletedAt = uint128(block.timestamp);
        removeActiveBid(bid.modelId, bidId);
        emit MarketplaceBidDeleted(bid.provider, bid.modelId, bid.nonce);
    }

    // ---- The router's views (CHAIN.md, "How the consumer node picks a provider") ----

    struct ModelStats {
        SD tpsScaled1000;
        SD ttftMs;
        SD totalDuration;
        uint32 count;
    }

    struct Provider {
        string endpoint;
        uint256 stake;
        uint128 createdAt;
        uint128 limitPeriodEnd;
        uint256 limitPeriodEarned;
        bool isDeleted;
    }

    /// OpenZeppelin's EnumerableSet.Bytes32Set: a removal moves the last element into the gap.
    struct ActiveBids {
        bytes32[] ids;
        /// 1-based position in ids; 0: not in the set.
        mapping(bytes32 => uint256) positions;
    }

    mapping(bytes32 => ModelStats) private modelStats;
    mapping(address => Provider) private providers;
    mapping(bytes32 => ActiveBids) private modelActiveBids;
    /// The deployed default, 0.1 MOR, until setProviderMinimumStake (no constructor writes storage).
    bool private minimumStakeSet;
    uint256 private providerMinimumStake;
    /// A deployment without the router's views: calls to them revert.
    bool public routerViewsUnavailable;

    function getModelStats(bytes32 modelId) external view routed returns (ModelStats memory) {
        require(!routerViewsUnavailable, "no such function");
        return modelStats[modelId];
    }

    function getProvider(address provider) external view routed returns (Provider memory) {
        require(!routerViewsUnavailable, "no such function");
        return providers[provider];
    }

    function getProviderMinimumStake() external view routed returns (uint256) {
        require(!routerViewsUnavailable, "no such function");
        return minimumStakeSet ? providerMinimumStake : 1e17;
    }

    /// The model's active bids from `offset`, at most `limit` of them, and how many there are.
    function getModelActiveBids(bytes32 modelId, uint256 offset, uint256 limit)
        external
        view
        routed
        returns (bytes32[] memory ids, uint256 total)
    {
        require(!routerViewsUnavailable, "no such function");
        bytes32[] storage all = modelActiveBids[modelId].ids;
        total = all.length;
        uint256 end = offset >= total ? offset : (limit > total - offset ? total : offset + limit);
        ids = new bytes32[](end - offset);
        for (uint256 i = offset; i < end; i++) {
            ids[i - offset] = all[i];
        }
    }

    /// The provider's stake (any uint256: the router reduces it to int64); registers it when new.
    function setProviderStake(address provider, uint256 stake) external {
        Provider storage p = providers[provider];
        p.stake = stake;
        if (p.createdAt == 0) p.createdAt = uint128(block.timestamp);
    }

    function setProviderMinimumStake(uint256 stake) external {
        minimumStakeSet = true;
        providerMinimumStake = stake;
    }

    function setRouterViewsUnavailable(bool unavailable) external {
        routerViewsUnavailable = unavailable;
    }

    function addActiveBid(bytes32 modelId, bytes32 bidId) private {
        ActiveBids storage set = modelActiveBids[modelId];
        if (set.positions[bidId] != 0) return;
        set.ids.push(bidId);
        set.positions[bidId] = set.ids.length;
    }

    function removeActiveBid(bytes32 modelId, bytes32 bidId) private {
        ActiveBids storage set = modelActiveBids[modelId];
        uint256 position = set.positions[bidId];
        if (position == 0) return;
        bytes32 last = set.ids[set.ids.length - 1];
        set.ids[position - 1] = last;
        set.positions[last] = position;
        set.ids.pop();
        delete set.positions[bidId];
    }

    /// A signed close, as the real SessionRouter's _setStats: the pair's old means leave the model's
    /// statistics, its new ones enter; `count` counts the pairs with a signed close; the model's
    /// totalDuration adds the pair's cumulative total every time. Checked int64 arithmetic, as LibSD.
    function setStats(bytes32 modelId, address provider, Session storage s, bytes calldata receipt) private {
        ProviderModelStats storage pair = stats[modelId][provider];
        ModelStats storage model = modelStats[modelId];
        (uint32 tps, uint32 ttft) = receiptMeans(receipt);
        if (pair.successCount > 0) {
            sdRemove(model.tpsScaled1000, int32(pair.tpsScaled1000.mean), int32(model.count - 1));
            sdRemove(model.ttftMs, int32(pair.ttftMs.mean), int32(model.count - 1));
        } else {
            model.count++;
        }
        pair.successCount += 1;
        if (s.closedAt > s.openedAt) pair.totalDuration += uint32(s.closedAt - s.openedAt);
        sdAdd(pair.tpsScaled1000, int32(tps), int32(pair.successCount));
        sdAdd(pair.ttftMs, int32(ttft), int32(pair.successCount));
        sdAdd(model.totalDuration, int32(pair.totalDuration), int32(model.count));
        sdAdd(model.tpsScaled1000, int32(pair.tpsScaled1000.mean), int32(model.count));
        sdAdd(model.ttftMs, int32(pair.ttftMs.mean), int32(model.count));
    }

    /// tpsScaled1000 and ttftMs: the low 32 bits of the receipt's 4th and 5th words (0 when short).
    function receiptMeans(bytes calldata receipt) private pure returns (uint32 tps, uint32 ttft) {
        if (receipt.length < 160) return (0, 0);
        tps = uint32(uint256(bytes32(receipt[96:128])));
        ttft = uint32(uint256(bytes32(receipt[128:160])));
    }

    /// LibSD.add: mean += (x - mean) / n; sqSum += (x - newMean) * (x - oldMean).
    function sdAdd(SD storage sd, int64 x, int64 n) private {
        int64 oldMean = sd.mean;
        sd.mean = sd.mean + (x - sd.mean) / n;
        sd.sqSum = sd.sqSum + (x - sd.mean) * (x - oldMean);
    }

    /// LibSD.remove: zero when n is 0; else mean -= (x - mean) / n; sqSum -= (x - newMean) * (x - oldMean).
    function sdRemove(SD storage sd, int64 x, int64 n) private {
        if (n == 0) {
            sd.mean = 0;
            sd.sqSum = 0;
            return;
        }
        int64 oldMean = sd.mean;
        sd.mean = sd.mean - (x - sd.mean) / n;
        sd.sqSum = sd.sqSum - (x - sd.mean) * (x - oldMean);
    }
}
